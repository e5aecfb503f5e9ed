/**
 * The one-model landing page /lp-q7 (spec sections 1, 2 and 9): available immediately, factory new,
 * first instalment 1 złoty. When the catalogue holds an active new Audi Q7, the page uses that offer
 * (its AuctionId and price); otherwise the campaign's list price below.
 */
export const LANDING_Q7 = {
  make: "Audi",
  model: "Q7",
  version: "45 TDI quattro tiptronic",
  /** Campaign list price, netto and brutto (VAT 23%), whole złoty. */
  priceNetto: 329_000,
  priceBrutto: 404_670,
  firstInstallmentZl: 1,
} as const;
