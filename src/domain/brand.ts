/**
 * The marketplace brand. The spec writes "{product}" in some paths (/certyfikat-{product},
 * promotion rules); this is that product name and its URL form.
 */
export const BRAND = {
  name: "Flotis",
  slug: "flotis",
  legalName: "Flotis Leasing sp. z o.o.",
  phone: "+48 22 100 20 30",
  auctionPhone: "+48 22 100 20 40",
  email: "kontakt@flotis.pl",
  auctionEmail: "aukcje@flotis.pl",
} as const;
