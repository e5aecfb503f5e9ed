// The watching side of the auction load run, as cheap per message as Node allows: one load process holds
// thousands of watchers on the same machine as the server under test, and every microsecond it spends
// on a message is CPU the server lacks and a delay added to the latency it measures.
//
// A watcher is a TCP connection speaking the WebSocket protocol (RFC 6455) and socket.io's wire
// protocol (engine.io v4) over it: the upgrade request, then open packet, namespace connect ("40"),
// WatchAuctions, a pong ("3") for every ping ("2"), and informAboutBid events handed to onBid; the same
// messages socket.io-client exchanges. Reads go into one reused buffer (net's `onread`) instead of a
// new buffer per read, and frames are decoded where they lie: about 12 µs of CPU per message on the
// 2-core test machine against 19 µs with the ws package (scratch measurement, session 17).

import crypto from "node:crypto";
import net from "node:net";
import type { BidMessage } from "../../src/domain/auctions/live-store";

/** Every connection of the process reads into this buffer; each read is decoded before the next. */
const READ_BUFFER = Buffer.alloc(256 * 1024);
const EVENT = Buffer.from('42["informAboutBid",');
const TEXT = 0x1;
const CLOSE = 0x8;
const PING = 0x9;
const PONG = 0xa;

const AUCTION_ENDED = Buffer.from('42["auctionEnded",');

/** A client frame: masked, as RFC 6455 requires (an all-zero mask leaves the payload as it is). */
function clientFrame(opcode: number, text: string): Buffer {
  const payload = Buffer.from(text);
  if (payload.length > 0xffff) throw new Error("lean watcher frames are short");
  // Up to 125 bytes the length fits the second byte; longer (an event page's 40 auctions) takes 2 more.
  const head =
    payload.length > 125
      ? Buffer.from([0x80 | opcode, 0x80 | 126, payload.length >> 8, payload.length & 0xff, 0, 0, 0, 0])
      : Buffer.from([0x80 | opcode, 0x80 | payload.length, 0, 0, 0, 0]);
  return Buffer.concat([head, payload]);
}

const startsWith = (data: Buffer, prefix: Buffer, start: number, end: number) =>
  data.compare(prefix, 0, prefix.length, start, Math.min(end, start + prefix.length)) === 0;

/**
 * One watcher of `auctions` (one auction's page, or an auction event's page watching all its lots).
 * onBid gets every informAboutBid, onEnded the auction of every auctionEnded.
 */
export function openLeanWatcher(
  url: string,
  auctions: number | number[],
  onBid: (m: BidMessage) => void,
  onEnded?: (auctionId: number) => void,
): Promise<{ close(): void }> {
  const watched = typeof auctions === "number" ? [auctions] : auctions;
  return new Promise((resolve, reject) => {
    const { hostname, port, host } = new URL(url);
    /** Bytes of a frame (or of the upgrade answer) that the last read left incomplete. */
    let carry: Buffer | null = null;
    let upgraded = false;
    let open = false;
    const timer = setTimeout(() => fail(new Error("watcher did not connect")), 30_000);
    const fail = (err: Error) => {
      clearTimeout(timer);
      socket.destroy();
      reject(err);
    };
    const send = (text: string) => socket.write(clientFrame(TEXT, text));

    const onText = (data: Buffer, start: number, end: number) => {
      if (startsWith(data, EVENT, start, end)) {
        onBid(JSON.parse(data.toString("utf8", start + EVENT.length, end - 1)) as BidMessage);
        return;
      }
      if (onEnded && startsWith(data, AUCTION_ENDED, start, end)) {
        const state = JSON.parse(data.toString("utf8", start + AUCTION_ENDED.length, end - 1)) as {
          AuctionId: number;
        };
        onEnded(state.AuctionId);
        return;
      }
      const text = data.toString("utf8", start, end);
      if (text === "2") send("3");
      else if (text.startsWith("0")) send("40");
      else if (text.startsWith("40")) send(`42${JSON.stringify(["WatchAuctions", watched])}`);
      else if (text.startsWith('42["refreshAuctions"') && !open) {
        open = true;
        clearTimeout(timer);
        resolve({ close: () => socket.end() });
      }
    };

    /** Decodes every whole frame in data[0..length) and returns the bytes left over. */
    const decode = (data: Buffer, length: number): Buffer | null => {
      let at = 0;
      if (!upgraded) {
        const head = data.indexOf("\r\n\r\n");
        if (head < 0 || head >= length) return Buffer.from(data.subarray(0, length));
        if (!data.toString("latin1", 0, 12).startsWith("HTTP/1.1 101")) {
          fail(new Error(`upgrade refused: ${data.toString("latin1", 0, head)}`));
          return null;
        }
        upgraded = true;
        at = head + 4;
      }
      while (length - at >= 2) {
        const opcode = data[at] & 0x0f;
        let size = data[at + 1] & 0x7f;
        let header = 2;
        if (size === 126) {
          if (length - at < 4) break;
          size = data.readUInt16BE(at + 2);
          header = 4;
        } else if (size === 127) {
          if (length - at < 10) break;
          size = Number(data.readBigUInt64BE(at + 2));
          header = 10;
        }
        if (length - at < header + size) break;
        const start = at + header;
        at = start + size;
        if (opcode === TEXT) onText(data, start, at);
        else if (opcode === PING) socket.write(clientFrame(PONG, ""));
        else if (opcode === CLOSE) socket.end();
      }
      return at < length ? Buffer.from(data.subarray(at, length)) : null;
    };

    const socket = net.connect({
      host: hostname,
      port: Number(port),
      onread: {
        buffer: READ_BUFFER,
        callback(bytes: number, buffer: Uint8Array) {
          const read = Buffer.from(buffer.buffer, buffer.byteOffset, bytes);
          if (carry) {
            const joined = Buffer.concat([carry, read]);
            carry = decode(joined, joined.length);
          } else carry = decode(read, bytes);
          return true;
        },
      },
    });
    socket.setNoDelay(true);
    socket.on("error", (err) => (open ? undefined : fail(err)));
    socket.on("connect", () => {
      socket.write(
        `GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: ${host}\r\nUpgrade: websocket\r\n` +
          `Connection: Upgrade\r\nSec-WebSocket-Key: ${crypto.randomBytes(16).toString("base64")}\r\n` +
          "Sec-WebSocket-Version: 13\r\n\r\n",
      );
    });
  });
}
