import { io as connect, type Socket } from "socket.io-client";

/**
 * Test sockets of the live chat (namespace /chat): every event a socket gets is kept until a test
 * takes it with next(), since the server may send before the test starts listening.
 */
const inbox = new WeakMap<Socket, { event: string; value: unknown }[]>();
const opened: Socket[] = [];

export function openChatSocket(serverUrl: string, auth: Record<string, string>): Promise<Socket> {
  const s = connect(`${serverUrl}/chat`, {
    auth,
    transports: ["websocket"],
    forceNew: true,
    reconnection: false,
  });
  opened.push(s);
  const box: { event: string; value: unknown }[] = [];
  inbox.set(s, box);
  s.onAny((event: string, value: unknown) => box.push({ event, value }));
  return new Promise((resolve, reject) => {
    s.once("connect", () => resolve(s));
    s.once("connect_error", reject);
  });
}

export function closeChatSockets(): void {
  for (const s of opened.splice(0)) s.close();
}

/** The first event of that name meeting the condition, received already or to come. */
export function nextChatEvent<T>(
  s: Socket,
  event: string,
  where: (v: T) => boolean = () => true,
): Promise<T> {
  const box = inbox.get(s) ?? [];
  return new Promise((resolve) => {
    const look = () => {
      const i = box.findIndex((m) => m.event === event && where(m.value as T));
      if (i < 0) return false;
      const [m] = box.splice(i, 1);
      s.offAny(look);
      resolve(m.value as T);
      return true;
    };
    if (!look()) s.onAny(look);
  });
}

/** The events of that name received so far and not taken, without waiting. */
export function receivedChatEvents<T>(s: Socket, event: string): T[] {
  return (inbox.get(s) ?? []).filter((m) => m.event === event).map((m) => m.value as T);
}

/** Emits an event and waits for the server's acknowledgement. */
export const callChat = <T>(s: Socket, event: string, input: unknown): Promise<T> =>
  new Promise((resolve) => s.emit(event, input, resolve));
