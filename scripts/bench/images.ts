// Resize cost of a drawn offer photo per format and spec width (first request: sharp work; the
// disk cache serves every later one): npx tsx scripts/bench/images.ts
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { IMAGE_SIZES } from "../../src/domain/images";
import { systemClock } from "../../src/server/clock";
import { openDatabase } from "../../src/server/db/client";
import { ImageResizer, type OutputFormat } from "../../src/server/images/resize";
import { putImage } from "../../src/server/images/store";
import { drawCarPhoto } from "../../src/server/seed/drawing/car-drawing";

const database = await openDatabase({ dataDir: ":memory:" });
const cache = fs.mkdtempSync(path.join(os.tmpdir(), "bench-images-"));
try {
  const id = await putImage(
    database.db,
    Buffer.from(drawCarPhoto({ bodyType: "suv", paint: "#b3202a", view: "side" })),
  );
  const resizer = new ImageResizer(database.db, cache, systemClock);
  for (const format of ["avif", "webp", "jpeg"] as OutputFormat[]) {
    const cells: string[] = [];
    for (const [name, box] of Object.entries(IMAGE_SIZES)) {
      const t = performance.now();
      const file = await resizer.get({ id, ...box, format });
      const made = performance.now() - t;
      const t2 = performance.now();
      await resizer.get({ id, ...box, format });
      const cached = performance.now() - t2;
      const kb = Math.round(fs.statSync(file!.file).size / 1024);
      cells.push(
        `${name} ${box.width}px: ${Math.round(made)} ms, ${kb} KB, z pamięci podręcznej ${cached.toFixed(1)} ms`,
      );
    }
    console.log(`${format.padEnd(5)} ${cells.join(" | ")}`);
  }
} finally {
  await database.close();
  fs.rmSync(cache, { recursive: true, force: true });
}
