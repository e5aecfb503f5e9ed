import { useCallback, useEffect, useRef } from "react";
import { readItem, StorageKeys } from "../../lib/storage";

/** How loud an alert is: `tone` sounds even while the console's tab is the one looked at. */
export interface AlertOptions {
  tone?: "background" | "always";
}

/** The console's tones are silenced (the header's 'Wycisz dźwięki', kept in browser storage). */
export const consoleMuted = () => readItem(StorageKeys.consoleMuted) === "1";

/**
 * Tells a consultant about a new chat or message: while the console's tab is in the background, a
 * count in the tab's title, a short tone and a browser notification once they allowed it. A chat
 * handed to them (`tone: "always"`) sounds its one tone also in the tab they look at, since it is
 * theirs to answer at once. Back in the tab, the count goes. 'Wycisz dźwięki' silences every tone.
 */
export function consoleAlerter() {
  let count = 0;
  let baseTitle: string | null = null;
  return {
    alert(text: string, { tone = "background" }: AlertOptions = {}) {
      const visible = document.visibilityState === "visible";
      if ((!visible || tone === "always") && !consoleMuted()) beep();
      if (visible) return;
      baseTitle ??= document.title;
      count++;
      document.title = `(${count}) ${baseTitle}`;
      if ("Notification" in window && Notification.permission === "granted")
        new Notification("Konsola konsultanta", { body: text, tag: "flotis-czat" });
    },
    /** The tab is looked at again: the title loses its count. */
    back() {
      if (document.visibilityState !== "visible" || baseTitle === null) return;
      count = 0;
      document.title = baseTitle;
    },
  };
}

/** consoleAlerter for the console's lifetime: the title's count goes when the tab is looked at again. */
export function useConsoleAlerts() {
  const alerter = useRef<ReturnType<typeof consoleAlerter> | null>(null);
  alerter.current ??= consoleAlerter();
  useEffect(() => {
    const back = () => alerter.current?.back();
    document.addEventListener("visibilitychange", back);
    return () => document.removeEventListener("visibilitychange", back);
  }, []);
  return useCallback((text: string, options?: AlertOptions) => alerter.current?.alert(text, options), []);
}

/** A short tone made on the spot (no sound file to load); browsers may keep it silent until a click. */
function beep() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.3);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.3);
    tone.onended = () => void audio.close();
  } catch {
    // No sound where audio is unavailable; the title and the notification remain.
  }
}
