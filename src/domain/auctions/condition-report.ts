/**
 * What an auction without an 'opis stanu technicznego' says, on its page and in its printed offer:
 * a report is made by the person who inspected the car, never by the marketplace.
 */
export const REPORT_IN_PREPARATION = "Opis stanu technicznego w przygotowaniu";
