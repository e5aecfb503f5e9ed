import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { ModalDialog } from "../../components/modal-dialog";

const SHOWN_KEY = "exitPopupShown";
const CHANNEL = "flotis-tabs";

/**
 * Counts the other open tabs of the site over a BroadcastChannel: each tab announces itself, answers
 * newcomers and says goodbye when it closes.
 */
function useOtherTabs(): () => number {
  const others = useRef(new Set<string>());
  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const me = Math.random().toString(36).slice(2);
    const ch = new BroadcastChannel(CHANNEL);
    ch.onmessage = (e: MessageEvent<{ type: string; id: string }>) => {
      const { type, id } = e.data ?? {};
      if (!id || id === me) return;
      if (type === "hello") {
        others.current.add(id);
        ch.postMessage({ type: "here", id: me });
      } else if (type === "here") others.current.add(id);
      else if (type === "bye") others.current.delete(id);
    };
    ch.postMessage({ type: "hello", id: me });
    const bye = () => ch.postMessage({ type: "bye", id: me });
    window.addEventListener("pagehide", bye);
    return () => {
      bye();
      window.removeEventListener("pagehide", bye);
      ch.close();
    };
  }, []);
  return () => others.current.size;
}

/**
 * Exit popup (spec sections 2, 4, 9): "did you choose a car from outside the offer?" with a link to
 * the contact form. Shown at most once per browser session, only when the pointer leaves through the
 * top of the page and only while one tab of the site is open.
 */
export function ExitPopup() {
  const [open, setOpen] = useState(false);
  const otherTabs = useOtherTabs();

  useEffect(() => {
    const onLeave = (e: MouseEvent) => {
      if (e.relatedTarget || e.clientY > 0) return;
      try {
        if (sessionStorage.getItem(SHOWN_KEY)) return;
        if (otherTabs() > 0) return;
        sessionStorage.setItem(SHOWN_KEY, "1");
      } catch {
        return;
      }
      setOpen(true);
    };
    document.documentElement.addEventListener("mouseleave", onLeave);
    return () => document.documentElement.removeEventListener("mouseleave", onLeave);
  }, [otherTabs]);

  return (
    <ModalDialog
      open={open}
      onClose={() => setOpen(false)}
      title="Szukasz samochodu spoza naszej oferty?"
      titleClassName="text-xl font-bold text-slate-900"
      className="max-w-md shadow-2xl backdrop:bg-slate-900/60"
    >
      <p className="mt-2 text-slate-700">
        Napisz, jakiego auta szukasz. Przygotujemy dla Ciebie propozycję leasingu lub najmu również na
        samochód, którego nie ma na naszej stronie.
      </p>
      <div className="mt-5 flex flex-wrap gap-3">
        <Link
          to="/formularz-kontaktowy?spoza-oferty=1"
          onClick={() => setOpen(false)}
          className="rounded-md bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700"
        >
          Przejdź do formularza
        </Link>
        <button
          type="button"
          onClick={() => setOpen(false)}
          className="rounded-md border border-slate-300 px-5 py-2 font-semibold text-slate-800"
        >
          Nie, dziękuję
        </button>
      </div>
    </ModalDialog>
  );
}
