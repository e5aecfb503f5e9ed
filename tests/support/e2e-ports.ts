/**
 * Ports of the servers e2e specs start for themselves, one offset from E2E_PORT each. Playwright runs
 * specs (and a spec's desktop and phone projects) in parallel workers, so two of them sharing an
 * offset fail with EADDRINUSE. E2E_PORT itself is the main test server; +8 the VAT register stand-in
 * (playwright.config.ts).
 */
const OFFSETS = {
  auctions: 1,
  sitePassword: 2,
  companyReverification: 3,
  auctionsPhone: 4,
  auctionsEnded: 5,
  auctionProxy: 6,
  consent: 7,
  consentTags: 9,
  panelAuctions: 10,
  auctionEvents: 12,
  panelWork: 13,
  panelTables: 14,
} as const;

export function ownServerPort(spec: keyof typeof OFFSETS): number {
  return Number(process.env.E2E_PORT ?? 3210) + OFFSETS[spec];
}
