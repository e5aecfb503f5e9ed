import { useState } from "react";

/**
 * Hands a file the browser fetched (with the person's session) to the person as a download: a link to
 * it clicked in place, which no pop-up blocker stops as it would a window opened after a request.
 */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has its bytes by then; the URL would otherwise hold them for the page's life.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A button's download: fetches the file, saves it under `name`, and says whether it is busy or failed. */
export function useFileDownload(fetchFile: () => Promise<Blob>, name: string) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      saveFile(await fetchFile(), name);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return { busy, failed, download };
}
