/**
 * Files a chat takes (spec section 5 "Other"): the spec's extensions, each checked by its content
 * (magic bytes) as well as by its name, so a renamed program or page is refused. Shared by the server
 * (the check that counts) and the widget and console (the `accept` attribute and an early refusal
 * before uploading).
 */

/** The spec's list, in the spec's order: the order of the refusal message. */
export const CHAT_FILE_EXTENSIONS = [
  "txt",
  "doc",
  "docx",
  "pdf",
  "rar",
  "zip",
  "xls",
  "xlsx",
  "jpeg",
  "bmp",
  "gif",
  "png",
  "jpg",
] as const;
export type ChatFileExtension = (typeof CHAT_FILE_EXTENSIONS)[number];

export const CHAT_FILE_MAX_BYTES = 5 * 1024 * 1024;

export const chatFileErrors = {
  format: `Niepoprawny format pliku. Obsługiwane formaty: ${CHAT_FILE_EXTENSIONS.join(", ")}.`,
  size: "Plik jest za duży. Największy możliwy rozmiar to 5 MB.",
  empty: "Plik jest pusty.",
} as const;

/** For the file picker: only the spec's types are offered. */
export const CHAT_FILE_ACCEPT = CHAT_FILE_EXTENSIONS.map((e) => `.${e}`).join(",");

type Sniff = (data: Uint8Array) => boolean;
const startsWith =
  (...sigs: (string | number[])[]): Sniff =>
  (data) =>
    sigs.some((sig) => {
      const bytes = typeof sig === "string" ? [...sig].map((c) => c.charCodeAt(0)) : sig;
      return bytes.length <= data.length && bytes.every((b, i) => data[i] === b);
    });

// docx and xlsx are zip archives (a local file header, or the end record of an empty archive);
// doc and xls are OLE compound files. Telling a .docx from a .xlsx by content would mean opening the
// archive, which we never do (archives are stored, not opened): the name decides between them.
const zip = startsWith("PK\x03\x04", "PK\x05\x06");
const ole = startsWith([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const jpeg = startsWith([0xff, 0xd8, 0xff]);
const utf8 = new TextDecoder("utf-8", { fatal: true });
/** Plain text: valid UTF-8 (a byte order mark is fine) without NUL bytes, which no text has. */
const text: Sniff = (data) => {
  if (data.includes(0)) return false;
  try {
    utf8.decode(data);
    return true;
  } catch {
    return false;
  }
};

const FORMATS: Record<ChatFileExtension, { contentType: string; sniff: Sniff; inline: boolean }> = {
  txt: { contentType: "text/plain; charset=utf-8", sniff: text, inline: false },
  doc: { contentType: "application/msword", sniff: ole, inline: false },
  docx: {
    contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    sniff: zip,
    inline: false,
  },
  pdf: { contentType: "application/pdf", sniff: startsWith("%PDF-"), inline: false },
  rar: {
    contentType: "application/vnd.rar",
    sniff: startsWith("Rar!\x1a\x07\x00", "Rar!\x1a\x07\x01\x00"),
    inline: false,
  },
  zip: { contentType: "application/zip", sniff: zip, inline: false },
  xls: { contentType: "application/vnd.ms-excel", sniff: ole, inline: false },
  xlsx: {
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    sniff: zip,
    inline: false,
  },
  jpeg: { contentType: "image/jpeg", sniff: jpeg, inline: true },
  bmp: { contentType: "image/bmp", sniff: startsWith("BM"), inline: false },
  gif: { contentType: "image/gif", sniff: startsWith("GIF87a", "GIF89a"), inline: true },
  png: {
    contentType: "image/png",
    sniff: startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    inline: true,
  },
  jpg: { contentType: "image/jpeg", sniff: jpeg, inline: true },
};

/** The spec's extension of a file name (any case), or null. */
export function chatFileExtension(name: string): ChatFileExtension | null {
  const ext = /\.([A-Za-z]+)$/.exec(name.trim())?.[1]?.toLowerCase();
  return ext && (CHAT_FILE_EXTENSIONS as readonly string[]).includes(ext) ? (ext as ChatFileExtension) : null;
}

/** Before uploading, by name and size only: the refusal to show under the file, or null. */
export function chatFileRefusal(name: string, size: number): string | null {
  if (!chatFileExtension(name)) return chatFileErrors.format;
  if (size > CHAT_FILE_MAX_BYTES) return chatFileErrors.size;
  if (size === 0) return chatFileErrors.empty;
  return null;
}

/**
 * The server's check, by name and content: the content type the file is stored and served with, or
 * the refusal. The type the sender claimed is not trusted.
 */
export function checkChatFile(
  name: string,
  data: Uint8Array,
): { ok: true; contentType: string } | { ok: false; message: string } {
  const early = chatFileRefusal(name, data.length);
  if (early) return { ok: false, message: early };
  const format = FORMATS[chatFileExtension(name) as ChatFileExtension];
  if (!format.sniff(data)) return { ok: false, message: chatFileErrors.format };
  return { ok: true, contentType: format.contentType };
}

/**
 * Only the raster images browsers show safely as pictures (PNG, JPEG, GIF) are served inline; a PDF
 * can carry JavaScript, so it is a download like everything else, never rendered by our origin.
 */
export function chatFileInline(contentType: string): boolean {
  return Object.values(FORMATS).some((f) => f.inline && f.contentType === contentType);
}

/**
 * The name a file is stored and offered under: no path or header-breaking characters, at most 120
 * characters with its extension kept (the extension decides how it is checked and served).
 */
export function storedFileName(raw: string): string {
  const name = raw.replace(/[\\/"\p{Cc}]/gu, "_").trim() || "plik";
  if (name.length <= 120) return name;
  const dot = name.lastIndexOf(".");
  const ext = dot > 0 && name.length - dot <= 6 ? name.slice(dot) : "";
  return name.slice(0, 120 - ext.length) + ext;
}
