import { useEffect, useState } from "react";
import { saveFile } from "../../lib/save-file";
import { chatRequest } from "./chat-client";

/** Who reads a chat's files: its customer (the chat's token) or a consultant (the console's token). */
export interface FileCredentials {
  token?: string | null;
  bearer?: string;
}

/**
 * A chat file's bytes, fetched with the reader's credentials as headers. The server answers a file
 * only to its chat's two sides, and a token never goes into a link (an <img src> or <a href> cannot
 * send a header, and a token in a URL lingers in history and logs): the page shows and saves the
 * bytes from a blob: URL instead.
 */
async function fetchChatFile(
  url: string,
  creds: FileCredentials,
): Promise<{ ok: true; blob: Blob } | { ok: false; message: string }> {
  const r = await chatRequest<Blob | string>(url, { token: creds.token, bearer: creds.bearer });
  if (!r.ok) return r;
  // The API client answers a text file as a string; anything else arrives as a Blob.
  return { ok: true, blob: typeof r.body === "string" ? new Blob([r.body]) : r.body };
}

/**
 * Saves a chat file. The blob is typed application/octet-stream whatever the file is: a blob: URL
 * has this page's origin, so it must never be rendered (a PDF or a text file as a page), only saved.
 * Answers an error message, or null.
 */
export async function downloadChatFile(
  url: string,
  name: string,
  creds: FileCredentials,
): Promise<string | null> {
  const r = await fetchChatFile(url, creds);
  if (!r.ok) return r.message;
  saveFile(new Blob([r.blob], { type: "application/octet-stream" }), name);
  return null;
}

/** A blob: URL of a chat image to show in an <img>, once fetched with the reader's credentials. */
export function useChatImage(
  url: string | undefined,
  creds: FileCredentials,
  enabled: boolean,
): string | null {
  const [src, setSrc] = useState<string | null>(null);
  const { token, bearer } = creds;
  useEffect(() => {
    if (!enabled || !url) return;
    let href: string | null = null;
    let cancelled = false;
    void fetchChatFile(url, { token, bearer }).then((r) => {
      if (cancelled || !r.ok) return;
      href = URL.createObjectURL(r.blob);
      setSrc(href);
    });
    return () => {
      cancelled = true;
      if (href) URL.revokeObjectURL(href);
    };
  }, [url, token, bearer, enabled]);
  return src;
}
