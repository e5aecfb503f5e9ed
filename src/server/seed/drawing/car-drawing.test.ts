import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { BODY_TYPES, COLORS } from "../../../domain/vehicles";
import { drawCarPhoto, PHOTO_HEIGHT, PHOTO_VIEWS, PHOTO_WIDTH } from "./car-drawing";

const hex = (h: string) => [1, 3, 5].map((i) => Number.parseInt(h.slice(i, i + 2), 16));

/** Share of pixels within a small distance of the paint colour or of its shaded tones. */
async function paintShare(svg: string, paint: string): Promise<number> {
  const { data, info } = await sharp(Buffer.from(svg))
    .resize(320, 240)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const [r, g, b] = hex(paint);
  let hits = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    // Same hue family: the pixel is the paint scaled by a light factor (gradient shading).
    const k = (data[i] + data[i + 1] + data[i + 2] + 1) / (r + g + b + 1);
    const d = Math.abs(data[i] - r * k) + Math.abs(data[i + 1] - g * k) + Math.abs(data[i + 2] - b * k);
    if (k > 0.45 && k < 1.5 && d < 24) hits++;
  }
  return hits / (info.width * info.height);
}

describe("drawn offer photos", () => {
  it("are the same bytes for the same body type, paint and view", () => {
    const spec = { bodyType: "kombi" as const, paint: "#b3202a", view: "side" as const };
    expect(drawCarPhoto(spec)).toBe(drawCarPhoto(spec));
    expect(drawCarPhoto(spec)).not.toBe(drawCarPhoto({ ...spec, bodyType: "sedan" }));
    expect(drawCarPhoto(spec)).not.toBe(drawCarPhoto({ ...spec, paint: "#2f6fb5" }));
  });

  it("render for every body type and view at the photo size", async () => {
    for (const { value } of BODY_TYPES) {
      for (const view of PHOTO_VIEWS) {
        const meta = await sharp(
          Buffer.from(drawCarPhoto({ bodyType: value, paint: "#2f6fb5", view })),
        ).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(["svg", PHOTO_WIDTH, PHOTO_HEIGHT]);
      }
    }
  });

  it("show a car in the offer's colour, not an empty picture", async () => {
    const red = COLORS.find((c) => c.name === "czerwony")!.hex;
    const blue = COLORS.find((c) => c.name === "niebieski")!.hex;
    for (const { value } of BODY_TYPES) {
      for (const view of ["side", "front", "rear"] as const) {
        // The painted body covers a good part of the frame; nothing else in the scene is red.
        expect(await paintShare(drawCarPhoto({ bodyType: value, paint: red, view }), red)).toBeGreaterThan(
          0.03,
        );
        expect(await paintShare(drawCarPhoto({ bodyType: value, paint: blue, view }), red)).toBeLessThan(
          0.005,
        );
      }
    }
  });
});
