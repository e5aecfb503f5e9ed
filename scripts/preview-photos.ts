// Contact sheet of the generated demo photos of one body type and paint, to look at the drawings:
// npx tsx scripts/preview-photos.ts suv czerwony /tmp/suv.png
import sharp from "sharp";
import { colorHex, isBodyType } from "../src/domain/vehicles";
import { drawCarPhoto, PHOTO_VIEWS } from "../src/server/seed/drawing/car-drawing";

const [body = "sedan", colour = "czerwony", out = `/tmp/photos-${body}.png`] = process.argv.slice(2);
const paint = colorHex(colour);
if (!isBodyType(body) || !paint) {
  console.error("Użycie: tsx scripts/preview-photos.ts <nadwozie> <kolor> [plik.png]");
  process.exit(1);
}
const tiles = await Promise.all(
  PHOTO_VIEWS.map((view) =>
    sharp(Buffer.from(drawCarPhoto({ bodyType: body, paint, view })))
      .resize(640, 480)
      .png()
      .toBuffer(),
  ),
);
await sharp({ create: { width: 1920, height: 960, channels: 3, background: "#ffffff" } })
  .composite(tiles.map((input, i) => ({ input, left: (i % 3) * 640, top: Math.floor(i / 3) * 480 })))
  .png()
  .toFile(out);
console.log(out);
