import { useCallback, useId, useRef, useState } from "react";
import { logout } from "../../api-client";
import { ChevronDownIcon, UserIcon } from "./icons";
import { LinkItems } from "./link-items";
import { accountLinks } from "./links";
import { useDismiss } from "./use-dismiss";

/** Logout of spec section 6 (the API client's): calls the API, clears the tokens, goes to /login. */
export function useLogout(): () => void {
  return useCallback(() => void logout(), []);
}

/** The signed-in user's menu on desktop: closes on a click outside, on Escape and on leaving it. */
export function UserMenu({ userName }: { userName: string }) {
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  const logout = useLogout();
  useDismiss(open, container, button, close);
  return (
    <div ref={container} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="flex items-center gap-2 rounded-lg px-3 py-2 font-semibold text-slate-800 hover:bg-slate-100"
      >
        <UserIcon className="size-5" />
        <span className="sr-only">Konto: </span>
        {/* From 1024 px the header's row had no room for the name beside the search (the page grew
            wider than the window): the name shows from 1280 px, the icon and the menu always. */}
        <span className="sr-only xl:not-sr-only xl:max-w-40 xl:truncate">{userName}</span>
        <ChevronDownIcon className={`size-4 transition-transform ${open ? "rotate-180" : ""}`} />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 mt-2 w-60 rounded-xl border border-slate-200 bg-white p-2 shadow-xl"
      >
        <ul>
          <LinkItems
            links={accountLinks}
            onFollow={close}
            className="block rounded-md px-3 py-2 text-slate-800 hover:bg-brand-50 hover:text-brand-700"
          />
          <li className="mt-1 border-t border-slate-200 pt-1">
            <button
              type="button"
              onClick={logout}
              className="block w-full rounded-md px-3 py-2 text-left text-slate-800 hover:bg-brand-50 hover:text-brand-700"
            >
              Wyloguj
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
