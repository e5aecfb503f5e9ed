import { expect, it, vi } from "vitest";
import { publishedInOrder } from "../../src/server/auctions/ordered-publish";

type Factory = Parameters<typeof publishedInOrder>[0];
type Adapter = { doPublish: (message: unknown) => Promise<unknown> };

/**
 * A namespace's adapter as socket.io makes it (with `new`), over a database whose NOTIFYs end when the
 * test says (a query on a busy connection is slow), and the adapter's own way for large payloads.
 */
function orderedAdapter() {
  const log: string[] = [];
  const pending: (() => void)[] = [];
  const factory = (() => ({
    doPublish: async (message: { n: string }) => {
      log.push(`attachment ${message.n}`);
      return "";
    },
  })) as unknown as Factory;
  const Made = publishedInOrder(factory, (channel, payloads) => {
    log.push(`${channel} ${payloads.map((p) => JSON.parse(p).n).join(",")}`);
    return new Promise<void>((resolve) => pending.push(resolve));
  }) as unknown as new (nsp: {
    name: string;
  }) => Adapter;
  const adapter = new Made({ name: "/chat" });
  const end = async () => {
    await expect.poll(() => pending.length).toBeGreaterThan(0);
    pending.shift()?.();
  };
  return { adapter, log, end };
}

it("publishes in the order emitted: what comes while a NOTIFY is on its way goes together in the next", async () => {
  const { adapter, log, end } = orderedAdapter();
  const a = adapter.doPublish({ n: "a" });
  await end();
  await a;
  const b = adapter.doPublish({ n: "b" });
  const c = adapter.doPublish({ n: "c" });
  await expect.poll(() => log.length).toBe(2);
  const d = adapter.doPublish({ n: "d" });
  const e = adapter.doPublish({ n: "e" });
  await end();
  await Promise.all([b, c]);
  await end();
  await Promise.all([d, e]);
  expect(log).toEqual(["socket.io#/chat a", "socket.io#/chat b,c", "socket.io#/chat d,e"]);
});

it("a payload over NOTIFY's limit takes the adapter's own way, in its turn", async () => {
  const { adapter, log, end } = orderedAdapter();
  const first = adapter.doPublish({ n: "a" });
  const large = adapter.doPublish({ n: "big", text: "x".repeat(9000) });
  const after = adapter.doPublish({ n: "c" });
  expect(log).toEqual([]);
  await end();
  await Promise.all([first, large]);
  await end();
  await after;
  expect(log).toEqual(["socket.io#/chat a", "attachment big", "socket.io#/chat c"]);
});

it("a NOTIFY that hangs holds the next ones back two seconds at most", async () => {
  vi.useFakeTimers();
  try {
    const { adapter, log } = orderedAdapter();
    void adapter.doPublish({ n: "a" });
    await vi.advanceTimersByTimeAsync(0);
    void adapter.doPublish({ n: "b" });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(log).toEqual(["socket.io#/chat a"]);
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toEqual(["socket.io#/chat a", "socket.io#/chat b"]);
  } finally {
    vi.useRealTimers();
  }
});
