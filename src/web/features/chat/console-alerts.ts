import { useCallback, useEffect, useRef } from "react";

/**
 * Tells a consultant whose console tab is in the background about a new chat or message: a count in
 * the tab's title, a short tone, and a browser notification once they allowed it. Back in the tab,
 * the count goes.
 */
export function useConsoleAlerts() {
  const count = useRef(0);
  const baseTitle = useRef<string | null>(null);
  useEffect(() => {
    const back = () => {
      if (document.visibilityState !== "visible" || baseTitle.current === null) return;
      count.current = 0;
      document.title = baseTitle.current;
    };
    document.addEventListener("visibilitychange", back);
    return () => document.removeEventListener("visibilitychange", back);
  }, []);
  return useCallback((text: string) => {
    if (document.visibilityState === "visible") return;
    baseTitle.current ??= document.title;
    count.current++;
    document.title = `(${count.current}) ${baseTitle.current}`;
    beep();
    if ("Notification" in window && Notification.permission === "granted")
      new Notification("Konsola konsultanta", { body: text, tag: "flotis-czat" });
  }, []);
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
