import { useMemo } from "react";
import { CONSENT_VERSION, type ConsentChoice, isCurrent, type StoredConsent } from "../../../domain/consent";
import type { ConsentRecordRequest } from "../../../domain/consent-record";
import { api } from "../../api-client";
import { readJson, StorageKeys, writeItem, writeJson } from "../../lib/storage";
import { useStoredItem } from "../../lib/use-stored-item";

/** The stored choice, or null when none was made (or for an older policy version). */
export function readConsent(): StoredConsent | null {
  const c = readJson<StoredConsent | null>(StorageKeys.cookieConsent, null);
  return isCurrent(c) ? c : null;
}

/** Whether the visitor allowed marketing cookies and tags (campaign values, advertising tags). */
export const marketingAllowed = () => readConsent()?.marketing === true;

/**
 * Keeps the visitor's choice (with the policy version and date) and sends it to the server as a consent
 * record for accountability; the record carries only the browser's own random id.
 */
// Browser-only: the choice is dated by the browser (the server dates its own record).
export function saveConsent(choice: ConsentChoice, now = new Date()): void {
  const earlier = readJson<StoredConsent | null>(StorageKeys.cookieConsent, null);
  const consent: StoredConsent = {
    ...choice,
    version: CONSENT_VERSION,
    date: now.toISOString(),
    id: earlier?.id ?? crypto.randomUUID(),
  };
  writeJson(StorageKeys.cookieConsent, consent);
  // The spec's key: the notice is hidden once the visitor has chosen.
  writeItem(StorageKeys.cookiesModalHidden, "true");
  const record: ConsentRecordRequest = {
    AnonymousId: consent.id,
    Analytics: consent.analytics,
    Marketing: consent.marketing,
    Version: consent.version,
    DecidedAt: consent.date,
  };
  api.post("/api/Consent", record, { quiet: true, keepalive: true }).catch(() => {
    // Offline: the choice holds in this browser all the same; the record is for the company's files.
  });
}

/**
 * The current choice, re-rendering when it changes (here or in another tab): undefined until hydrated,
 * null while the visitor has not chosen for this policy version.
 */
export function useConsent(): StoredConsent | null | undefined {
  const raw = useStoredItem(StorageKeys.cookieConsent);
  return useMemo(() => {
    if (raw === undefined) return undefined;
    try {
      const c = raw ? (JSON.parse(raw) as StoredConsent) : null;
      return isCurrent(c) ? c : null;
    } catch {
      return null;
    }
  }, [raw]);
}

const OPEN_SETTINGS = "marketplace-consent-settings";

/** Opens the cookie settings (the footer's 'Ustawienia cookie'). */
export function openConsentSettings(): void {
  window.dispatchEvent(new Event(OPEN_SETTINGS));
}

export function onOpenConsentSettings(listener: () => void): () => void {
  window.addEventListener(OPEN_SETTINGS, listener);
  return () => window.removeEventListener(OPEN_SETTINGS, listener);
}
