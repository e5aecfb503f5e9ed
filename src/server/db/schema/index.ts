// All tables, one file per area (core: offers, photos, users, bids, banners, literals, documents,
// outbox). An area adds its own file here; migrations are generated from this whole set.
export * from "./accounts";
export * from "./alerts";
export * from "./auctions";
export * from "./chat";
export * from "./content";
export * from "./core";
export * from "./leads";
export * from "./lease-applications";
export * from "./privacy";
export * from "./service-history";
export * from "./staff";
export * from "./tracking";
