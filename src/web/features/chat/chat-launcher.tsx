import { lazy, type Ref, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { NOTICE_HEIGHT } from "../../components/shell/cookie-notice";
import { ChatIcon } from "../../components/shell/icons";
import { KEEP_CLEAR_OF_CHAT, useStepsAside } from "../../lib/keep-clear";
import { readItem } from "../../lib/storage";

/**
 * The chat's corner button on every page. The widget itself (forms, conversation, socket.io client)
 * is a separate chunk loaded only when someone opens the chat, or when this browser session already
 * has a chat going (its token or the widget's state is stored): most visitors never download it.
 */

/** The chat token of this browser's current conversation (localStorage: it survives a reload). */
export const CHAT_TOKEN_KEY = "chatToken";
/** closed: only the button; open: the panel; minimized: a bar over an ongoing chat. */
export type WidgetState = "closed" | "open" | "minimized";
export const WIDGET_KEY = "chatWidget";

/** Bottom offset that keeps the chat above the cookie notice while it is shown. */
// Above the cookie notice and the detail page's phone contact bar (offer-actions.tsx) while shown.
export const aboveNotice = (gap: string) => ({
  bottom: `calc(${gap} + var(${NOTICE_HEIGHT}, 0px) + var(--contact-bar-height, 0px))`,
});

const ChatWidget = lazy(() => import("./chat-widget").then((m) => ({ default: m.ChatWidget })));

export function ChatLauncherButton(props: {
  ref?: Ref<HTMLButtonElement>;
  onClick?: () => void;
  panelId?: string;
  minimized?: boolean;
  unread?: number;
}) {
  const { minimized = false, unread = 0 } = props;
  const own = useRef<HTMLButtonElement | null>(null);
  const aside = useStepsAside(own, KEEP_CLEAR_OF_CHAT);
  const outer = props.ref;
  const ref = useCallback(
    (el: HTMLButtonElement | null) => {
      own.current = el;
      if (typeof outer === "function") outer(el);
      else if (outer) outer.current = el;
    },
    [outer],
  );
  return (
    <button
      ref={ref}
      type="button"
      onClick={props.onClick}
      aria-controls={props.panelId}
      aria-expanded={false}
      style={aboveNotice("1rem")}
      data-stepped-aside={aside || undefined}
      className={`${aside ? "invisible " : ""}fixed right-4 z-40 flex items-center gap-2 rounded-full bg-brand-700 px-4 py-3 font-semibold text-white shadow-lg hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 max-sm:right-3`}
    >
      <ChatIcon className="h-6 w-6" />
      <span className={minimized ? "" : "max-sm:sr-only"}>
        {minimized ? "Rozwiń czat" : "Czat z konsultantem"}
      </span>
      {unread > 0 && (
        <span className="rounded-full bg-amber-400 px-2 text-sm font-bold text-slate-900">
          {unread}
          <span className="sr-only"> nowe wiadomości</span>
        </span>
      )}
    </button>
  );
}

export function ChatLauncher() {
  const [load, setLoad] = useState<"no" | "resume" | "open">("no");
  useEffect(() => {
    let stored: string | null = null;
    try {
      stored = sessionStorage.getItem(WIDGET_KEY);
    } catch {}
    if (stored === "open" || stored === "minimized" || readItem(CHAT_TOKEN_KEY)) setLoad("resume");
  }, []);
  if (load === "no") return <ChatLauncherButton onClick={() => setLoad("open")} />;
  return (
    <Suspense fallback={<ChatLauncherButton />}>
      <ChatWidget openOnMount={load === "open"} />
    </Suspense>
  );
}
