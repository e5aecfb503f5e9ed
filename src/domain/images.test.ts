import { describe, expect, it } from "vitest";
import {
  fitInside,
  IMAGE_SIZES,
  IMAGE_WIDTHS,
  imageIdFromUrl,
  imageSrcSet,
  isImageId,
  offerImageUrl,
  resizedImageUrl,
  snappedVariant,
} from "./images";

const id = "a".repeat(64);

describe("image addresses", () => {
  it("builds the canonical and sized addresses", () => {
    expect(offerImageUrl(id)).toBe(`/api/OfferImages/Get?attachmentId=${id}`);
    expect(offerImageUrl(id, "medium")).toBe(`/api/OfferImages/Get?attachmentId=${id}&width=640&height=480`);
    expect(offerImageUrl(id, { width: 500 })).toBe(`/api/OfferImages/Get?attachmentId=${id}&width=500`);
    expect(IMAGE_SIZES.small.width).toBe(320);
    expect(IMAGE_SIZES.large.width).toBe(1280);
  });

  it("reads the id back from relative, absolute and sized addresses", () => {
    expect(imageIdFromUrl(offerImageUrl(id))).toBe(id);
    expect(imageIdFromUrl(`https://flotis.pl/api/OfferImages/Get?width=1&attachmentId=${id}`)).toBe(id);
    expect(imageIdFromUrl(id)).toBe(id);
    expect(imageIdFromUrl(`/api/Other?attachmentId=${id}`)).toBeNull();
    expect(imageIdFromUrl("/api/OfferImages/Get?attachmentId=zz")).toBeNull();
    expect(imageIdFromUrl("http://[")).toBeNull();
    expect(isImageId(id.toUpperCase())).toBe(false);
  });

  it("replaces the size of an address and lists the three spec widths in a srcset", () => {
    expect(resizedImageUrl(offerImageUrl(id, "large"), "small")).toBe(offerImageUrl(id, "small"));
    expect(imageSrcSet(offerImageUrl(id))).toBe(
      `${offerImageUrl(id, "small")} 320w, ${offerImageUrl(id, "medium")} 640w, ${offerImageUrl(id, "large")} 1280w`,
    );
  });
});

describe("fitInside", () => {
  const photo = { width: 1280, height: 960 };
  it("keeps proportions inside the box", () => {
    expect(fitInside(photo, { width: 640, height: 640 })).toEqual({ width: 640, height: 480 });
    expect(fitInside(photo, { width: 1000, height: 300 })).toEqual({ width: 400, height: 300 });
    expect(fitInside(photo, { width: 320 })).toEqual({ width: 320, height: 240 });
    expect(fitInside(photo, { height: 120 })).toEqual({ width: 160, height: 120 });
  });

  it("never enlarges a photo, but may enlarge a drawing up to 1920 px", () => {
    expect(fitInside(photo, { width: 1920, height: 1920 })).toEqual(photo);
    expect(fitInside(photo, { width: 1920, height: 1920 }, true)).toEqual({ width: 1920, height: 1440 });
    expect(fitInside({ width: 4000, height: 3000 }, {})).toEqual({ width: 1920, height: 1440 });
    expect(fitInside(photo, {})).toEqual(photo);
  });
});

describe("snappedVariant", () => {
  const photo = { width: 2400, height: 1800 };

  it("snaps the fitted width up to the next allowed width, the height following the photo", () => {
    expect(snappedVariant(photo, { width: 500, height: 500 })).toEqual({
      box: { width: 640 },
      size: { width: 640, height: 480 },
    });
    expect(snappedVariant(photo, { width: 1280, height: 100 }).size).toEqual({ width: 160, height: 120 });
    expect(snappedVariant(photo, {}).size).toEqual({ width: 1920, height: 1440 });
  });

  it("keeps the spec's sizes as they are", () => {
    for (const size of Object.values(IMAGE_SIZES)) expect(snappedVariant(photo, size).size).toEqual(size);
  });

  it("never enlarges a small photo, and every box lands on an allowed width", () => {
    expect(snappedVariant({ width: 800, height: 600 }, { width: 1000 }).size).toEqual({
      width: 800,
      height: 600,
    });
    const boxes = new Set<number>();
    for (let w = 1; w <= 1920; w += 7)
      boxes.add(snappedVariant(photo, { width: w, height: 2000 - w }).box.width);
    expect([...boxes].every((w) => (IMAGE_WIDTHS as readonly number[]).includes(w))).toBe(true);
  });
});
