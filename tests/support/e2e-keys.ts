/** The offer management API key of the e2e server (playwright.config.ts sets it as OFFERS_API_KEY). */
export const E2E_OFFERS_API_KEY = "e2e-klucz-systemu-flotowego-0123456789";
