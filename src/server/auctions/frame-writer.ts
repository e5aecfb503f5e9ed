import type { Server, Socket } from "socket.io";
import type { PacketType } from "socket.io-parser";
import * as ws from "ws";

/** ws builds the frames engine.io writes; its type definitions leave this static out. */
const { Sender } = ws as unknown as {
  Sender: {
    frame(
      data: Buffer,
      options: { fin: boolean; opcode: number; mask: boolean; readOnly: boolean; rsv1: boolean },
    ): Buffer[];
  };
};

/** socket.io-parser's PacketType.EVENT (a type-only import: the parser comes with socket.io). */
const EVENT = 2 as PacketType;

/** The WebSocket frame of an engine.io message ("4") with a socket.io packet (a server's: unmasked). */
const messageFrame = (packet: string) =>
  Buffer.concat(
    Sender.frame(Buffer.from(`4${packet}`), {
      fin: true,
      opcode: 1,
      mask: false,
      readOnly: false,
      rsv1: false,
    }),
  );

/**
 * The parts of an engine.io connection a direct write looks at (engine.io 6, ws 8). They are not
 * public API: anything unexpected, and the write goes through socket.io instead.
 */
interface EngineConnection {
  readyState?: string;
  /** Packets engine.io holds until its transport can write: a direct write would overtake them. */
  writeBuffer?: unknown[];
  transport?: {
    name?: string;
    perMessageDeflate?: unknown;
    socket?: { _sender?: { sendFrame?: (frames: Buffer[], done?: () => void) => void } };
  };
}

/**
 * Writes one socket.io event to many of this process's connections, as one WebSocket frame built once
 * and handed to each connection's WebSocket as it is.
 *
 * Why: the bid fan-out writes each bid to thousands of watchers, and socket.io's room broadcast, which
 * also encodes once, still runs engine.io's per-packet bookkeeping for each of them (a packet object,
 * events, a buffer flush, a write callback): a third of the CPU a message costs the process, the rest
 * being the system call (scripts/bench/fanout-floor.ts). This is the write engine.io itself makes for a pre-encoded
 * broadcast frame, without that bookkeeping. A connection whose engine.io still holds unsent packets,
 * that compresses, or that is not an open WebSocket is written through socket.io, so every connection
 * keeps its messages in the order they were sent.
 */
export function frameWriter(
  io: Pick<Server, "encoder"> & { of(nsp: "/"): { sockets: Map<string, Socket> } },
) {
  return (socketIds: Iterable<string>, event: string, payload: unknown): void => {
    const [encoded] = io.encoder.encode({ type: EVENT, nsp: "/", data: [event, payload] });
    // A binary payload is encoded as several parts: socket.io writes those.
    const frame = typeof encoded === "string" ? messageFrame(encoded) : null;
    const sockets = io.of("/").sockets;
    for (const id of socketIds) {
      const socket = sockets.get(id);
      if (!socket) continue;
      const conn = socket.conn as unknown as EngineConnection;
      const transport = conn.transport;
      const sendFrame = transport?.socket?._sender?.sendFrame;
      if (
        frame &&
        conn.readyState === "open" &&
        conn.writeBuffer?.length === 0 &&
        transport?.name === "websocket" &&
        !transport.perMessageDeflate &&
        typeof sendFrame === "function"
      ) {
        sendFrame.call(transport.socket?._sender, [frame]);
      } else {
        (socket.emit as (event: string, payload: unknown) => boolean)(event, payload);
      }
    }
  };
}
