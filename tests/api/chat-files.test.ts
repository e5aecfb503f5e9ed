import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT_FILE_MAX_BYTES, chatFileErrors } from "../../src/domain/chat/files";
import { startApiServer, type TestServer } from "../support/api-server";
import { consoleSession } from "../support/chat-consultant";
import { callChat, closeChatSockets, nextChatEvent, openChatSocket } from "../support/chat-sockets";

/**
 * Files in a chat (spec section 5 "Other"): the spec's types, checked by name and content; the
 * spec's refusal; the size limit in words; what the other party downloads and how it is served.
 */
let server: TestServer;
let token: string;
let consultantToken: string;
let chatId: number;
beforeAll(async () => {
  server = await startApiServer({ LEADS_RATE_LIMIT: "1000", CHAT_CONSULTANT_GRACE_SECONDS: "0" });
  consultantToken = (
    await consoleSession(server.services.db, server.url, "pliki@flotis.example", "Anna Pliki")
  ).Token;
  const agent = await openChatSocket(server.url, { consultantToken });
  const started = await fetch(`${server.url}/api/Chat/Start`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name: "Ewa",
      email: "ewa@example.com",
      topic: "Aukcje",
      question: "Wysyłam dokumenty.",
    }),
  });
  ({ Token: token, ChatId: chatId } = await started.json());
  await callChat(agent, "accept", { chatId });
});
afterAll(async () => {
  closeChatSockets();
  await server.close();
});

const upload = async (name: string, body: Uint8Array | string, contentType = "application/octet-stream") => {
  const res = await fetch(`${server.url}/api/Chat/Files?name=${encodeURIComponent(name)}`, {
    method: "POST",
    headers: { "content-type": contentType, "x-chat-token": token },
    body: typeof body === "string" ? body : new Uint8Array(body),
  });
  return { status: res.status, body: await res.json() };
};
const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : Buffer.from(p))));

const PK = bytes("PK\x03\x04", "\x14\x00\x00\x00rest of an archive");
const OLE = bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], "compound file");
const samples: [string, Buffer, string][] = [
  ["notatka.txt", Buffer.from("Zażółć gęślą jaźń\n"), "text/plain; charset=utf-8"],
  ["umowa.doc", OLE, "application/msword"],
  ["umowa.docx", PK, "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
  ["oferta.pdf", bytes("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"), "application/pdf"],
  ["skany.rar", bytes("Rar!\x1a\x07\x01\x00", "v5 archive"), "application/vnd.rar"],
  ["skany-stare.rar", bytes("Rar!\x1a\x07\x00", "v4 archive"), "application/vnd.rar"],
  ["skany.zip", PK, "application/zip"],
  ["raty.xls", OLE, "application/vnd.ms-excel"],
  ["raty.xlsx", PK, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
  ["zdjęcie.jpeg", bytes([0xff, 0xd8, 0xff, 0xe0], "JFIF"), "image/jpeg"],
  ["skan.bmp", bytes("BM", [0x46, 0, 0, 0]), "image/bmp"],
  ["animacja.gif", bytes("GIF89a", [1, 0, 1, 0]), "image/gif"],
  ["dowód.png", bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "IHDR"), "image/png"],
  ["ZDJĘCIE.JPG", bytes([0xff, 0xd8, 0xff, 0xe1], "Exif"), "image/jpeg"],
];

describe("chat files", () => {
  it("takes each of the spec's types, whatever content type the browser claimed, and announces it", async () => {
    for (const [name, data, contentType] of samples) {
      const res = await upload(name, data, name.endsWith(".txt") ? "text/plain" : "application/octet-stream");
      expect(res.status, name).toBe(200);
      expect(res.body.Event, name).toMatchObject({
        Kind: "file",
        Payload: { Name: name, ContentType: contentType, Size: data.length },
      });
    }
  });

  it("refuses other extensions, and files whose content does not match their name, with the spec's message", async () => {
    expect(chatFileErrors.format).toBe(
      "Niepoprawny format pliku. Obsługiwane formaty: txt, doc, docx, pdf, rar, zip, xls, xlsx, jpeg, bmp, gif, png, jpg.",
    );
    const refused: [string, Buffer | string, string?][] = [
      ["program.exe", bytes("MZ\x90\x00")],
      ["zdjęcie.webp", bytes("RIFF\x00\x00\x00\x00WEBPVP8 ")],
      ["strona.html", "<script>alert(1)</script>", "text/html"],
      ["bez rozszerzenia", "tekst"],
      // Renamed: a program called a PDF, a page called a picture, a binary called text.
      ["oferta.pdf", bytes("MZ\x90\x00")],
      ["dowód.png", "<svg onload=alert(1)>", "image/png"],
      ["notatka.txt", bytes("ab\x00cd")],
      ["notatka.txt", bytes("\xff\xfe\xfd invalid utf-8")],
      ["umowa.docx", OLE],
      ["umowa.doc", PK],
      ["skany.rar", PK],
      ["animacja.gif", bytes("GIF88a")],
    ];
    for (const [name, data, type] of refused) {
      const res = await upload(name, data, type);
      expect(res, name).toEqual({ status: 400, body: { ErrorCode: 1, ErrorMessage: chatFileErrors.format } });
    }
  });

  it("states the 5 MB limit, also for a body far above it; an empty file is refused", async () => {
    const png = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const justOver = Buffer.concat([png, Buffer.alloc(CHAT_FILE_MAX_BYTES + 1 - png.length)]);
    expect((await upload("duży.png", justOver)).body).toMatchObject({ ErrorMessage: chatFileErrors.size });
    const farOver = Buffer.concat([png, Buffer.alloc(CHAT_FILE_MAX_BYTES * 2)]);
    const res = await upload("ogromny.png", farOver);
    expect(res).toEqual({ status: 413, body: { ErrorCode: 4, ErrorMessage: chatFileErrors.size } });
    expect(chatFileErrors.size).toBe("Plik jest za duży. Największy możliwy rozmiar to 5 MB.");
    const atLimit = Buffer.concat([png, Buffer.alloc(CHAT_FILE_MAX_BYTES - png.length)]);
    expect((await upload("w sam raz.png", atLimit)).status).toBe(200);
    expect((await upload("pusty.txt", "")).body.ErrorMessage).toBe(chatFileErrors.empty);
  });

  it("serves PNG, JPEG and GIF inline as pictures, everything else (PDF with scripts too) as a sandboxed download", async () => {
    const pdfWithScript = bytes(
      "%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n%%EOF\n",
    );
    const cases: [string, Buffer, string, string][] = [
      ["dowód.png", samples[12][1], "inline", "image/png"],
      ["zdjęcie.jpeg", samples[9][1], "inline", "image/jpeg"],
      ["animacja.gif", samples[11][1], "inline", "image/gif"],
      ["skan.bmp", samples[10][1], "attachment", "image/bmp"],
      ["oferta (1).pdf", samples[3][1], "attachment", "application/pdf"],
      ["skrypt.pdf", pdfWithScript, "attachment", "application/pdf"],
      ["umowa.docx", PK, "attachment", samples[2][2]],
      ["skany.rar", samples[4][1], "attachment", "application/vnd.rar"],
      [
        "notatka.txt",
        Buffer.from("<html><script>alert(1)</script>"),
        "attachment",
        "text/plain; charset=utf-8",
      ],
    ];
    for (const [name, data, disposition, type] of cases) {
      const { body } = await upload(name, data);
      const res = await fetch(`${server.url}${body.Event.Payload.Url}`, {
        headers: { "x-chat-token": token },
      });
      expect(res.status, name).toBe(200);
      expect(res.headers.get("content-type"), name).toBe(type);
      expect(res.headers.get("content-disposition"), name).toBe(
        `${disposition}; filename*=UTF-8''${encodeURIComponent(name).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`,
      );
      expect(res.headers.get("content-security-policy"), name).toBe("sandbox; default-src 'none'");
      expect(res.headers.get("x-content-type-options"), name).toBe("nosniff");
      expect(res.headers.get("cache-control"), name).toBe("private, no-store");
      expect(Buffer.from(await res.arrayBuffer()), name).toEqual(data);
    }
  });

  it("gives a file only to its chat's customer (X-Chat-Token) or a signed-in consultant (Bearer)", async () => {
    const { body } = await upload("dowód.png", samples[12][1]);
    const url = `${server.url}${body.Event.Payload.Url}`;
    const other = await fetch(`${server.url}/api/Chat/Start`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Obcy", topic: "Aukcje", question: "Cudze pliki?" }),
    });
    const otherToken = (await other.json()).Token as string;
    const status = async (headers: Record<string, string>) => {
      const res = await fetch(url, { headers });
      return { status: res.status, body: res.status === 200 ? null : await res.json() };
    };
    const refused = { status: 404, body: { ErrorCode: 3, ErrorMessage: "Nie ma takiego pliku." } };
    // The link alone, another chat's token, a made-up token or consultant token: as if there were no file.
    expect(await status({})).toEqual(refused);
    expect(await status({ "x-chat-token": otherToken })).toEqual(refused);
    expect(await status({ "x-chat-token": "zmyslony" })).toEqual(refused);
    expect(await status({ authorization: "Bearer zmyslony" })).toEqual(refused);
    expect(await status({ "x-chat-token": token })).toEqual({ status: 200, body: null });
    expect(await status({ authorization: `Bearer ${consultantToken}` })).toEqual({ status: 200, body: null });
  });

  it("a consultant's file reaches the customer; a header-breaking name is made safe", async () => {
    const customer = await openChatSocket(server.url, { token });
    const gets = nextChatEvent<{ Kind: string; Payload: { Name: string } }>(
      customer,
      "event",
      (e) => e.Kind === "file",
    );
    const res = await fetch(
      `${server.url}/api/Chat/Files?chatId=${chatId}&name=${encodeURIComponent('wzór\r\n"umowy".pdf')}`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${consultantToken}`, "content-type": "application/pdf" },
        body: new Uint8Array(samples[3][1]),
      },
    );
    expect(res.status).toBe(200);
    expect((await gets).Payload.Name).toBe("wzór___umowy_.pdf");
  });
});
