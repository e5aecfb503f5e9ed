import { readFileSync } from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";
import { type Socket as ClientSocket, io as connect } from "socket.io-client";
import { afterEach, describe, expect, it } from "vitest";
import * as ws from "ws";
import { frameWriter } from "./frame-writer";

/** A socket.io server with `n` connected clients, each recording the events it receives in order. */
async function setup(n: number) {
  const server = http.createServer();
  const io = new Server(server, { transports: ["websocket"], serveClient: false });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clients: ClientSocket[] = [];
  const received: Array<Array<[string, unknown]>> = [];
  for (let i = 0; i < n; i++) {
    const client = connect(url, { transports: ["websocket"], forceNew: true, reconnection: false });
    const events: Array<[string, unknown]> = [];
    client.onAny((event: string, payload: unknown) => events.push([event, payload]));
    await new Promise<void>((resolve) => client.once("connect", () => resolve()));
    clients.push(client);
    received.push(events);
  }
  const close = async () => {
    for (const c of clients) c.close();
    await new Promise<void>((resolve) => io.close(() => resolve()));
  };
  return { io, clients, received, close };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/**
 * The frame writer reaches past socket.io's public API (engine.io's connection, ws's Sender), so the
 * versions it was written against are pinned in package.json (ADR 037). These fail when an upgrade
 * moves what it uses, before the bid fan-out quietly falls back to the slow path or writes bad frames.
 */
describe("frameWriter's assumptions about engine.io and ws", () => {
  const require = createRequire(import.meta.url);
  const manifest = (file: string) => JSON.parse(readFileSync(file, "utf8"));
  /** The installed version of a package as Node resolves it from `from` (exports hide package.json). */
  const versionOf = (name: string, from = require) => {
    const entry = from.resolve(name);
    const root = entry.slice(0, entry.lastIndexOf(`node_modules/${name}/`) + `node_modules/${name}/`.length);
    return manifest(`${root}package.json`).version as string;
  };
  const pinned = manifest("package.json").dependencies as Record<string, string>;

  it("runs on the exact versions package.json pins, with one ws shared by engine.io and the writer", () => {
    for (const name of ["socket.io", "engine.io", "socket.io-parser", "ws"]) {
      expect(pinned[name], `${name} is pinned to an exact version`).toMatch(/^\d+\.\d+\.\d+$/);
      expect(versionOf(name), name).toBe(pinned[name]);
    }
    // engine.io's WebSocket transport and the writer's Sender come from the same copy of ws.
    const fromEngine = createRequire(require.resolve("engine.io"));
    expect(fromEngine.resolve("ws")).toBe(require.resolve("ws"));
    const fromSocketIo = createRequire(require.resolve("socket.io"));
    expect(fromSocketIo.resolve("engine.io")).toBe(require.resolve("engine.io"));
  });

  it("finds on a real connection the internals it writes through, and ws's Sender.frame", async () => {
    const rig = await setup(1);
    cleanup = rig.close;
    const [socket] = [...rig.io.of("/").sockets.values()];
    const conn = socket.conn as unknown as Record<string, unknown>;
    expect(conn.readyState).toBe("open");
    expect(Array.isArray(conn.writeBuffer)).toBe(true);
    const transport = conn.transport as Record<string, unknown>;
    expect(transport.name).toBe("websocket");
    expect("perMessageDeflate" in transport).toBe(true);
    const sender = (transport.socket as { _sender?: { sendFrame?: unknown } })._sender;
    expect(typeof sender?.sendFrame).toBe("function");
    expect(typeof (ws as unknown as { Sender: { frame?: unknown } }).Sender.frame).toBe("function");
    // The encoder gives one string for a payload without binary data: the writer frames that string.
    const encoded = rig.io.encoder.encode({ type: 2, nsp: "/", data: ["informAboutBid", { ai: 1 }] });
    expect(encoded).toEqual(['2["informAboutBid",{"ai":1}]']);
  });
});

describe("frameWriter", () => {
  it("delivers one event to every listed connection, written as a frame without socket.io's per-packet path", async () => {
    const rig = await setup(3);
    cleanup = rig.close;
    const sockets = [...rig.io.of("/").sockets.values()];
    let packetsCreated = 0;
    for (const s of sockets) s.conn.on("packetCreate", () => packetsCreated++);

    const message = { ai: 7, cp: 51_500, wh: "abc", bn: 3, ae: "2026-11-26T12:00:00.000Z", mb: 52_000 };
    frameWriter(rig.io)(
      sockets.slice(0, 2).map((s) => s.id),
      "informAboutBid",
      message,
    );

    await until(() => rig.received[0].length === 1 && rig.received[1].length === 1);
    expect(rig.received[0]).toEqual([["informAboutBid", message]]);
    expect(rig.received[1]).toEqual([["informAboutBid", message]]);
    // No engine.io packet was made for the two that got it.
    expect(packetsCreated).toBe(0);
    // Not listed: nothing. A later event on the same connection arrives after anything sent before it,
    // so once it is there, the frame would have been too.
    sockets[2].emit("later");
    await until(() => rig.received[2].length > 0);
    expect(rig.received[2]).toEqual([["later", undefined]]);
  });

  it("keeps a connection's order: with engine.io still holding a packet, the event goes after it", async () => {
    const rig = await setup(1);
    cleanup = rig.close;
    const [socket] = [...rig.io.of("/").sockets.values()];
    const transport = socket.conn.transport as unknown as { writable: boolean };
    // As while a previous write is in flight: engine.io keeps new packets in its buffer.
    transport.writable = false;
    socket.emit("refreshAuctions", [{ AuctionId: 7, LastPrice: 51_000 }]);

    frameWriter(rig.io)([socket.id], "informAboutBid", { ai: 7, cp: 51_500, bn: 3 });
    transport.writable = true;
    (socket.conn as unknown as { flush(): void }).flush();

    await until(() => rig.received[0].length === 2);
    expect(rig.received[0].map(([event]) => event)).toEqual(["refreshAuctions", "informAboutBid"]);
  });

  it("skips a connection that has gone and still writes to the others", async () => {
    const rig = await setup(2);
    cleanup = rig.close;
    const ids = [...rig.io.of("/").sockets.keys()];
    frameWriter(rig.io)(["gone", ...ids], "informAboutBid", { ai: 1, cp: 1, bn: 1 });
    await until(() => rig.received.every((events) => events.length === 1));
  });
});
