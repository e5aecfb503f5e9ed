import { pluralPl } from "../format";

/**
 * The anti-sniping rule in Polish words, from the configured seconds (ANTI_SNIPING_WINDOW_SECONDS,
 * ANTI_SNIPING_EXTENSION_SECONDS), for the printed offer: the text must say what the server does, so
 * it is never written with fixed numbers.
 */

/** A duration in the locative after 'w ostatnich/ostatniej': "2 minutach", "ostatniej minucie", "90 sekundach". */
function lastPeriod(seconds: number): string {
  const minutes = seconds % 60 === 0 ? seconds / 60 : null;
  if (minutes === 1) return "w ostatniej minucie";
  if (seconds === 1) return "w ostatniej sekundzie";
  return minutes !== null ? `w ostatnich ${minutes} minutach` : `w ostatnich ${seconds} sekundach`;
}

/** A duration in the genitive after 'do': "1 minuty", "2 minut", "5 minut", "1 sekundy", "90 sekund". */
function upTo(seconds: number): string {
  const minutes = seconds % 60 === 0 ? seconds / 60 : null;
  return minutes !== null
    ? `${minutes} ${pluralPl(minutes, ["minuty", "minut", "minut"])}`
    : `${seconds} ${pluralPl(seconds, ["sekundy", "sekund", "sekund"])}`;
}

export function antiSnipingText(windowSeconds: number, extensionSeconds: number): string {
  if (windowSeconds <= 0 || extensionSeconds <= 0)
    return "Aukcja kończy się o wyznaczonym czasie; oferty złożone tuż przed końcem jej nie przedłużają.";
  return `Oferta złożona ${lastPeriod(windowSeconds)} przed końcem przedłuża aukcję do ${upTo(extensionSeconds)} od tej oferty.`;
}
