/** Small helpers for composing SVG in code: colours, rounded polygons, number formatting. */

export type Pt = readonly [number, number];

const hexToRgb = (hex: string): [number, number, number] => {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

/** Linear mix of two #rrggbb colours (t = 0 gives a, 1 gives b). */
export function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = hexToRgb(a);
  const [r2, g2, b2] = hexToRgb(b);
  const c = (x: number, y: number) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, "0");
  return `#${c(r1, r2)}${c(g1, g2)}${c(b1, b2)}`;
}

/** Perceived lightness 0..1, to pick contrasting line colours on light or dark paint. */
export function lightness(hex: string): number {
  const [r, g, b] = hexToRgb(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

export const n = (v: number): string => (Math.round(v * 10) / 10).toString();

/**
 * A closed path through the points with each corner rounded by a quadratic curve of the given
 * radius (clipped to half of the adjacent edges), so body outlines read as pressed metal, not polygons.
 */
export function roundedPath(points: readonly Pt[], radii: number | readonly number[]): string {
  const count = points.length;
  const r = (i: number) => (typeof radii === "number" ? radii : (radii[i] ?? 0));
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const p = points[i];
    const prev = points[(i - 1 + count) % count];
    const next = points[(i + 1) % count];
    const toward = (q: Pt, rad: number): Pt => {
      const dx = q[0] - p[0];
      const dy = q[1] - p[1];
      const len = Math.hypot(dx, dy) || 1;
      const d = Math.min(rad, len / 2);
      return [p[0] + (dx / len) * d, p[1] + (dy / len) * d];
    };
    const a = toward(prev, r(i));
    const b = toward(next, r(i));
    parts.push(`${i === 0 ? "M" : "L"}${n(a[0])},${n(a[1])}Q${n(p[0])},${n(p[1])} ${n(b[0])},${n(b[1])}`);
  }
  return `${parts.join("")}Z`;
}

/** Points given with y pointing up from the ground, moved into SVG space (y down) at an origin. */
export const place = (points: readonly Pt[], ox: number, groundY: number, flip = 1): Pt[] =>
  points.map(([x, y]) => [ox + x * flip, groundY - y] as const);

/** A tiny deterministic generator for scene details (window lights, trees): same key, same picture. */
export function detailRandom(key: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  let s = h >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
