// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { StorageKeys, writeItem } from "../../lib/storage";
import { consoleAlerter } from "./console-alerts";

// The tones the console made: each is one oscillator started (no sound file).
let tones = 0;
let visibility: DocumentVisibilityState = "visible";
beforeEach(() => {
  tones = 0;
  visibility = "visible";
  vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
  class FakeAudioContext {
    currentTime = 0;
    destination = {};
    createOscillator() {
      return {
        frequency: { value: 0 },
        connect: (next: unknown) => next,
        start: () => tones++,
        stop: () => {},
        onended: null,
      };
    }
    createGain() {
      return {
        gain: { setValueAtTime: () => {}, exponentialRampToValueAtTime: () => {} },
        connect: (next: unknown) => next,
      };
    }
    close() {}
  }
  vi.stubGlobal("AudioContext", FakeAudioContext);
  document.title = "Konsola konsultanta";
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  writeItem(StorageKeys.consoleMuted, null);
});

it("a chat handed over sounds one tone in the tab looked at; new chats and messages there stay silent", () => {
  const alerts = consoleAlerter();
  alerts.alert("Nowy klient czeka: Ewa (Aukcje)");
  alerts.alert("Nowa wiadomość: Halo?");
  expect(tones).toBe(0);
  alerts.alert("Przekazano Ci rozmowę od: Marek", { tone: "always" });
  expect(tones).toBe(1);
  alerts.alert("Przekazano Ci rozmowę od: Zofia", { tone: "always" });
  expect(tones).toBe(2);
  // Nothing to count in the title of the tab looked at.
  expect(document.title).toBe("Konsola konsultanta");
});

it("in a background tab every alert sounds once and counts in the title; back in the tab the count goes", () => {
  const alerts = consoleAlerter();
  visibility = "hidden";
  alerts.alert("Nowy klient czeka: Ewa (Aukcje)");
  alerts.alert("Przekazano Ci rozmowę od: Marek", { tone: "always" });
  expect(tones).toBe(2);
  expect(document.title).toBe("(2) Konsola konsultanta");
  visibility = "visible";
  alerts.back();
  expect(document.title).toBe("Konsola konsultanta");
});

it("'Wycisz dźwięki' silences every tone, remembered in the browser's storage", () => {
  writeItem(StorageKeys.consoleMuted, "1");
  const alerts = consoleAlerter();
  alerts.alert("Przekazano Ci rozmowę od: Marek", { tone: "always" });
  visibility = "hidden";
  alerts.alert("Nowa wiadomość: Halo?");
  expect(tones).toBe(0);
  // The title still counts what came meanwhile.
  expect(document.title).toBe("(1) Konsola konsultanta");
});
