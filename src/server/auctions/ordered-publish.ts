import type { createAdapter } from "@socket.io/postgres-adapter";

type AdapterFactory = ReturnType<typeof createAdapter>;
type Publish = (message: unknown) => Promise<unknown>;
/** Sends the payloads as NOTIFYs on one channel, in one transaction, in the order given. */
export type NotifyAll = (channel: string, payloads: string[]) => Promise<unknown>;

/** The adapter's own limit: a larger payload goes through its attachments table. */
const NOTIFY_PAYLOAD_LIMIT = 8000;

const noop = () => {};

/**
 * How long the next publish waits for the one before it at most: a NOTIFY stuck on a broken
 * connection must not hold back every later event of the namespace (only that one event waits).
 */
const AT_MOST_BEHIND_MS = 2_000;

/** `published` settled, or AT_MOST_BEHIND_MS passed: when the next publish may start. */
function turnAfter(published: Promise<unknown>): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, AT_MOST_BEHIND_MS);
    timer.unref?.();
    published.then(noop, noop).finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function hasBinary(value: unknown, depth = 0): boolean {
  if (value === null || typeof value !== "object" || depth > 20) return false;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return true;
  return Object.values(value).some((v) => hasBinary(v, depth + 1));
}

/**
 * @socket.io/postgres-adapter publishes each event with its own NOTIFY on whichever pool connection is
 * free, and hands the event to this process's own sockets once that query has returned. Two events
 * emitted one after the other (a customer's messages sent back to back) could so overtake each
 * other, in this process and in the others. Here each namespace publishes in the order emitted: the
 * events emitted while one NOTIFY is on its way go together in the next one query (one transaction,
 * whose notifications PostgreSQL delivers in order), so the order costs no extra round trips under
 * load. A payload over NOTIFY's limit, or one carrying binary data, takes the adapter's own way
 * (its attachments table), in its turn. A NOTIFY that hangs holds the next ones back 2 s at most.
 */
export function publishedInOrder(make: AdapterFactory, notifyAll: NotifyAll): AdapterFactory {
  // socket.io makes a namespace's adapter with `new`: a function declaration, which returns the
  // adapter it made (an arrow function cannot be called with `new`).
  function inOrder(nsp: { name: string }) {
    const adapter = make(nsp);
    const own = adapter as unknown as { doPublish: Publish };
    const viaAttachment = own.doPublish.bind(adapter);
    const channel = `socket.io#${nsp.name}`;
    /** The end of the last publish started or planned; the next one starts after it. */
    let tail: Promise<unknown> = Promise.resolve();
    /** The batch still taking payloads: it is sent when the publish before it has ended. */
    let open: { payloads: string[]; sent: Promise<unknown> } | null = null;
    own.doPublish = (message) => {
      const payload = JSON.stringify(message);
      if (Buffer.byteLength(payload) > NOTIFY_PAYLOAD_LIMIT || hasBinary(message)) {
        open = null;
        const published = tail.then(() => viaAttachment(message));
        tail = turnAfter(published);
        return published;
      }
      if (!open) {
        const batch: { payloads: string[]; sent: Promise<unknown> } = { payloads: [], sent: tail };
        batch.sent = tail.then(() => {
          if (open === batch) open = null;
          return notifyAll(channel, batch.payloads);
        });
        tail = turnAfter(batch.sent);
        open = batch;
      }
      open.payloads.push(payload);
      // The adapter's answer: no offset (it keeps no connection-state recovery).
      return open.sent.then(() => "");
    };
    return adapter;
  }
  return inOrder as unknown as AdapterFactory;
}
