import { useCallback, useEffect, useRef, useState } from "react";
import { io } from "socket.io-client";
import {
  CHAT_TYPING_SHOWN_MS,
  type ChatEventDto,
  type ChatSummary,
  markEvents,
  mergeEvents,
} from "../../../domain/chat/dto";
import { type ChatSocket, chatRequest } from "./chat-client";
import { useConsoleAlerts } from "./console-alerts";

export interface ConsultantSession {
  token: string;
  id: number;
  name: string;
}

/** The note a chat handed to this consultant came with; `opened` once the consultant looked at it. */
export interface HandOver {
  From: string;
  Note: string;
  opened: boolean;
}

/**
 * The console's session, opened from the member's panel session (the page's loader let only a
 * signed-in member with the chat in their role in); null while it opens, a message when it cannot.
 */
export function useConsoleSession() {
  const [session, setSession] = useState<ConsultantSession | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    void chatRequest<{ Token: string; Id: number; Name: string }>("/api/Chat/Consultant/Session", {
      method: "POST",
    }).then((r) =>
      r.ok ? setSession({ token: r.body.Token, id: r.body.Id, name: r.body.Name }) : setProblem(r.message),
    );
  }, []);
  const lost = useCallback(() => {
    setSession(null);
    setProblem("Sesja w panelu wygasła. Zaloguj się ponownie.");
  }, []);
  return { session, problem, lost };
}

/** Chats whose customer typed within the last few seconds ('Klient pisze…'). */
function useCustomerTyping() {
  const [typing, setTyping] = useState<Record<number, boolean>>({});
  const typingTimers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const customerTyped = useCallback((chatId: number, on: boolean) => {
    clearTimeout(typingTimers.current.get(chatId));
    if (on)
      typingTimers.current.set(
        chatId,
        setTimeout(() => customerTyped(chatId, false), CHAT_TYPING_SHOWN_MS),
      );
    setTyping((old) => (Boolean(old[chatId]) === on ? old : { ...old, [chatId]: on }));
  }, []);
  return { typing, customerTyped };
}

/**
 * The console's live side over socket.io (namespace /chat): the chats it sees, each chat's events,
 * the notes of chats handed over and who is typing. The customer's messages are marked delivered as
 * they come, and seen when their chat is the one shown.
 */
export function useConsoleHub(session: ConsultantSession | null, lost: () => void, selected: number | null) {
  const [socket, setSocket] = useState<ChatSocket | null>(null);
  const [connected, setConnected] = useState(false);
  const [chats, setChats] = useState<ChatSummary[]>([]);
  const [events, setEvents] = useState<Record<number, ChatEventDto[]>>({});
  const [handedOver, setHandedOver] = useState<Record<number, HandOver>>({});
  const alert = useConsoleAlerts();
  const knownQueued = useRef(new Set<number>());
  const { typing, customerTyped } = useCustomerTyping();
  const selectedRef = useRef<number | null>(null);
  selectedRef.current = selected;

  const addEvents = useCallback(
    (chatId: number, list: ChatEventDto[], sock: ChatSocket | null) => {
      setEvents((old) => ({ ...old, [chatId]: mergeEvents(old[chatId] ?? [], list) }));
      const fromCustomer = list.filter((e) => e.Author === "customer").map((e) => e.Id);
      if (fromCustomer.length || list.some((e) => e.Author === "system")) customerTyped(chatId, false);
      if (fromCustomer.length && sock) {
        const upTo = Math.max(...fromCustomer);
        sock.emit("delivered", { chatId, upTo });
        if (selectedRef.current === chatId && document.visibilityState === "visible")
          sock.emit("seen", { chatId, upTo });
      }
    },
    [customerTyped],
  );

  useEffect(() => {
    if (!session) return;
    const s: ChatSocket = io("/chat", {
      path: "/socket.io",
      transports: ["websocket"],
      auth: { consultantToken: session.token },
      // As in the widget (chat-client.ts): a stalled attempt is retried after 5 s, not 20 s.
      timeout: 5000,
    });
    setSocket(s);
    s.on("connect", () => setConnected(true));
    s.on("disconnect", () => setConnected(false));
    s.on("connect_error", (err) => {
      if (err.message === "consultant-unauthorized") lost();
    });
    s.on("chats", (list) => {
      setChats(list);
      for (const c of list) {
        if (c.Status !== "queued" || knownQueued.current.has(c.ChatId)) continue;
        knownQueued.current.add(c.ChatId);
        alert(`Nowy klient czeka: ${c.CustomerName} (${c.Topic})`);
      }
    });
    s.on("event", (e) => {
      addEvents(e.ChatId, [e], s);
      if (e.Author === "customer" && (e.Kind === "message" || e.Kind === "file"))
        alert(`Nowa wiadomość: ${e.Text.slice(0, 120)}`);
    });
    // A chat handed to this consultant: noted until opened (the console counts and names it), told
    // like a new chat when the tab is in the background (title count, notification), and with its
    // tone also in the tab looked at.
    s.on("transferred", (t) => {
      const opened = selectedRef.current === t.ChatId;
      setHandedOver((old) => ({ ...old, [t.ChatId]: { From: t.From, Note: t.Note, opened } }));
      alert(`Przekazano Ci rozmowę od: ${t.From}`, { tone: "always" });
    });
    s.on("typing", (t) => t.Author === "customer" && customerTyped(t.ChatId, true));
    s.on("status", (st) =>
      setEvents((old) => ({ ...old, [st.ChatId]: markEvents(old[st.ChatId] ?? [], st.Ids, st.Status) })),
    );
    return () => {
      s.close();
      setSocket(null);
    };
  }, [session, lost, addEvents, customerTyped, alert]);

  // Opening a handed-over chat takes it off the count of those not looked at yet.
  useEffect(() => {
    if (selected === null) return;
    setHandedOver((old) => {
      const h = old[selected];
      return h && !h.opened ? { ...old, [selected]: { ...h, opened: true } } : old;
    });
  }, [selected]);

  return { socket, connected, chats, events, addEvents, handedOver, typing };
}
