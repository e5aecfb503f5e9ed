import type { BodyType } from "../../../domain/vehicles";
import { FRONT_SHAPES, type FrontShape, SIDE_SHAPES, type SideShape } from "./car-shapes";
import { detailRandom, lightness, mix, n, type Pt, place, roundedPath } from "./svg";

/**
 * Demo photos of offers, drawn in code as SVG: a car of the offer's body type and paint in a scene
 * (street, countryside road, showroom), seen from the side, the front, the rear or the driver's seat.
 * The same inputs always give the same bytes, so the content-addressed image store keeps one copy
 * per body type x colour x view however many offers use it.
 */

export const PHOTO_WIDTH = 1280;
export const PHOTO_HEIGHT = 960;

export const PHOTO_VIEWS = ["side", "front", "side-left", "rear", "interior"] as const;
export type PhotoView = (typeof PHOTO_VIEWS)[number];

const GROUND = 790;

function paintDefs(id: string, paint: string): string {
  const light = lightness(paint);
  return `
  <linearGradient id="${id}-paint" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${mix(paint, "#ffffff", light > 0.8 ? 0.5 : 0.38)}"/>
    <stop offset="0.38" stop-color="${mix(paint, "#ffffff", 0.08)}"/>
    <stop offset="0.52" stop-color="${paint}"/>
    <stop offset="0.56" stop-color="${mix(paint, "#000000", 0.12)}"/>
    <stop offset="1" stop-color="${mix(paint, "#000000", light > 0.8 ? 0.3 : 0.5)}"/>
  </linearGradient>
  <linearGradient id="${id}-glass" x1="0" y1="0" x2="0.25" y2="1">
    <stop offset="0" stop-color="#46576a"/>
    <stop offset="0.55" stop-color="#1d2835"/>
    <stop offset="1" stop-color="#0c1118"/>
  </linearGradient>
  <radialGradient id="${id}-rim" cx="0.4" cy="0.35" r="0.75">
    <stop offset="0" stop-color="#f1f3f5"/>
    <stop offset="0.6" stop-color="#b8bec6"/>
    <stop offset="1" stop-color="#6e757e"/>
  </radialGradient>
  <linearGradient id="${id}-lamp" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#ffffff"/>
    <stop offset="1" stop-color="#a9bccb"/>
  </linearGradient>
  <linearGradient id="${id}-tail" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#ff5a4f"/>
    <stop offset="1" stop-color="#8c0d12"/>
  </linearGradient>
  <filter id="${id}-blur" x="-20%" y="-200%" width="140%" height="500%"><feGaussianBlur stdDeviation="9"/></filter>`;
}

function wheel(id: string, cx: number, cy: number, r: number, turn: number): string {
  const spokes: string[] = [];
  for (let i = 0; i < 5; i++) {
    const a = ((turn + i * 72) * Math.PI) / 180;
    const w = 0.2;
    const p = (ang: number, rad: number) => `${n(cx + Math.cos(ang) * rad)},${n(cy + Math.sin(ang) * rad)}`;
    spokes.push(
      `<path d="M${p(a - w, r * 0.16)}L${p(a - w * 0.55, r * 0.58)}L${p(a + w * 0.55, r * 0.58)}L${p(a + w, r * 0.16)}Z" fill="url(#${id}-rim)"/>`,
    );
  }
  return `<g>
  <circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="#141619"/>
  <circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.86)}" fill="none" stroke="#2c3035" stroke-width="${n(r * 0.06)}"/>
  <circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.64)}" fill="#2e3238"/>
  <circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.48)}" fill="#5b6068"/>
  <rect x="${n(cx + r * 0.22)}" y="${n(cy - r * 0.42)}" width="${n(r * 0.16)}" height="${n(r * 0.3)}" rx="${n(r * 0.05)}" fill="#9b1c22"/>
  ${spokes.join("")}
  <circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.62)}" fill="none" stroke="url(#${id}-rim)" stroke-width="${n(r * 0.07)}"/>
  <circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.15)}" fill="url(#${id}-rim)" stroke="#50565e" stroke-width="1.5"/>
</g>`;
}

const poly = (pts: Pt[]) => `M${pts.map(([x, y]) => `${n(x)},${n(y)}`).join("L")}`;

/** The car seen from its side, front to the right (flip = -1 mirrors it to face left). */
function sideCar(id: string, shape: SideShape, paint: string, ox: number, flip: 1 | -1): string {
  const at = (pts: readonly Pt[]) => place(pts, ox, GROUND, flip);
  const body = roundedPath(at(shape.body), shape.radii);
  const dark = lightness(paint) < 0.3;
  const line = dark ? mix(paint, "#ffffff", 0.22) : mix(paint, "#000000", 0.42);
  const x = (v: number) => ox + v * flip;
  const y = (v: number) => GROUND - v;
  const parts: string[] = [];
  const midX = x(500);
  parts.push(
    `<ellipse cx="${n(midX)}" cy="${GROUND + 4}" rx="530" ry="30" fill="#000" opacity="0.5" filter="url(#${id}-blur)"/>`,
  );
  parts.push(`<clipPath id="${id}-body"><path d="${body}"/></clipPath>`);
  parts.push(`<path d="${body}" fill="url(#${id}-paint)"/>`);
  const clip = `clip-path="url(#${id}-body)"`;
  // Light along the shoulder crease and a darker sill, as pressed metal catches the sky.
  parts.push(
    `<rect x="${n(Math.min(x(0), x(1000)))}" y="${n(y(shape.shoulder + 22))}" width="1000" height="20" fill="#ffffff" opacity="0.16" ${clip}/>`,
    `<rect x="${n(Math.min(x(0), x(1000)))}" y="${n(y(shape.shoulder))}" width="1000" height="3" fill="${line}" opacity="0.55" ${clip}/>`,
    `<rect x="${n(Math.min(x(0), x(1000)))}" y="${n(y(shape.sill + 16))}" width="1000" height="40" fill="${mix(paint, "#000000", 0.55)}" ${clip}/>`,
  );
  if (shape.cladding) {
    parts.push(
      `<rect x="${n(Math.min(x(0), x(1000)))}" y="${n(y(shape.sill + 24))}" width="1000" height="48" fill="#1c1e21" ${clip}/>`,
    );
  }
  const wr = shape.wheels.r;
  for (const wx of [shape.wheels.x, shape.wheelRearX]) {
    if (shape.cladding)
      parts.push(`<circle cx="${n(x(wx))}" cy="${n(y(wr))}" r="${wr + 22}" fill="#1c1e21" ${clip}/>`);
    parts.push(`<circle cx="${n(x(wx))}" cy="${n(y(wr))}" r="${wr + 9}" fill="#0a0b0d" ${clip}/>`);
  }
  parts.push(
    `<path d="${roundedPath(at(shape.glass), shape.glassRadii)}" fill="url(#${id}-glass)" stroke="#0d0f12" stroke-width="3"/>`,
  );
  // A soft reflection across the glass.
  const g = shape.glass;
  const gx0 = g[0][0];
  const gx1 = g[3][0];
  parts.push(
    `<path d="${poly(
      at([
        [gx0 + (gx1 - gx0) * 0.3, g[0][1] + 4],
        [gx0 + (gx1 - gx0) * 0.52, g[1][1] - 6],
        [gx0 + (gx1 - gx0) * 0.64, g[1][1] - 6],
        [gx0 + (gx1 - gx0) * 0.42, g[0][1] + 4],
      ]),
    )}Z" fill="#ffffff" opacity="0.1"/>`,
  );
  for (const [xb, xt, w] of shape.pillars) {
    parts.push(
      `<path d="${poly(
        at([
          [xb - w / 2, g[0][1] - 2],
          [xt - w / 2, g[1][1] + 4],
          [xt + w / 2, g[1][1] + 4],
          [xb + w / 2, g[0][1] - 2],
        ]),
      )}Z" fill="#111316"/>`,
    );
  }
  if (shape.roofRails) {
    const [a, b, h] = shape.roofRails;
    parts.push(
      `<path d="${poly(
        at([
          [a, h - 10],
          [a + 10, h],
          [b - 10, h],
          [b, h - 10],
        ]),
      )}" fill="none" stroke="#2a2d31" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>`,
    );
  }
  for (const cut of shape.cuts) {
    parts.push(
      `<path d="${poly(at(cut))}" fill="none" stroke="${line}" stroke-width="2.5" opacity="0.8" ${clip}/>`,
    );
  }
  for (const [hx, hy] of shape.handles) {
    const hxs = flip === 1 ? x(hx) - 34 : x(hx);
    parts.push(
      `<rect x="${n(hxs)}" y="${n(y(hy))}" width="34" height="8" rx="4" fill="${mix(paint, "#000000", 0.35)}" stroke="${line}" stroke-width="1"/>`,
    );
  }
  parts.push(
    `<path d="${poly(at(shape.headlight))}Z" fill="url(#${id}-lamp)" stroke="#4a525b" stroke-width="2"/>`,
    `<path d="${poly(at(shape.taillight))}Z" fill="url(#${id}-tail)" stroke="#4d0a0d" stroke-width="2"/>`,
    `<path d="${roundedPath(at(shape.mirror), 6)}" fill="${mix(paint, "#000000", 0.15)}" stroke="${line}" stroke-width="1.5"/>`,
  );
  parts.push(wheel(id, x(shape.wheels.x), y(wr), wr, 12), wheel(id, x(shape.wheelRearX), y(wr), wr, 49));
  return parts.join("\n");
}

function plate(cx: number, cy: number, w: number, h: number): string {
  const bars: string[] = [];
  for (let i = 0; i < 6; i++) {
    bars.push(
      `<rect x="${n(cx - w / 2 + w * 0.2 + i * w * 0.12)}" y="${n(cy - h * 0.3)}" width="${n(w * 0.075)}" height="${n(h * 0.6)}" rx="1" fill="#22252a"/>`,
    );
  }
  return `<rect x="${n(cx - w / 2)}" y="${n(cy - h / 2)}" width="${n(w)}" height="${n(h)}" rx="3" fill="#f7f7f4" stroke="#2a2d31" stroke-width="2"/>
  <rect x="${n(cx - w / 2 + 1)}" y="${n(cy - h / 2 + 1)}" width="${n(w * 0.1)}" height="${n(h - 2)}" fill="#1f4aa8"/>
  ${bars.join("")}`;
}

/** The car seen from the front or the rear, centred, scaled so the tallest van still fits. */
function endCar(id: string, bodyType: BodyType, paint: string, rear: boolean): string {
  const s = FRONT_SHAPES[bodyType];
  const k = 1.5;
  const cx = PHOTO_WIDTH / 2;
  const toX = (v: number) => cx + v * k;
  const toY = (v: number) => GROUND - v * k;
  const toP = (pts: Pt[]): Pt[] => pts.map(([a, b]) => [toX(a), toY(b)] as const);
  const W = s.width / 2;
  const line = lightness(paint) < 0.3 ? mix(paint, "#ffffff", 0.22) : mix(paint, "#000000", 0.4);
  const parts: string[] = [];
  const glassTop = rear ? s.height - 34 : s.height - 22;
  const view: EndView = { id, s, paint, rear, k, cx, W, line, glassTop, toX, toY, toP };
  parts.push(
    `<ellipse cx="${cx}" cy="${GROUND + 4}" rx="${n(W * k * 1.25)}" ry="26" fill="#000" opacity="0.5" filter="url(#${id}-blur)"/>`,
  );
  for (const side of [-1, 1]) {
    parts.push(
      `<rect x="${n(toX(side * (W - 52)) - 42 * k)}" y="${n(toY(s.tyre * 0.62))}" width="${n(84 * k)}" height="${n(s.tyre * 0.62 * k)}" rx="${n(14 * k)}" fill="#141619"/>`,
    );
  }
  const greenhouse = toP([
    [-(W - 26), s.belt - 6],
    [W - 26, s.belt - 6],
    [s.roofWidth / 2, s.height],
    [-s.roofWidth / 2, s.height],
  ]);
  parts.push(`<path d="${roundedPath(greenhouse, [6, 6, 40, 40])}" fill="url(#${id}-paint)"/>`);
  const glassBottom = rear ? s.belt + 26 : s.belt + 8;
  const glassInset = rear ? 64 : 44;
  parts.push(
    `<path d="${roundedPath(
      toP([
        [-(W - glassInset), glassBottom],
        [W - glassInset, glassBottom],
        [s.roofWidth / 2 - 16, glassTop],
        [-(s.roofWidth / 2 - 16), glassTop],
      ]),
      [8, 8, 22, 22],
    )}" fill="url(#${id}-glass)" stroke="#0d0f12" stroke-width="3"/>`,
  );
  const lower = toP([
    [-(W - 18), s.sill],
    [W - 18, s.sill],
    [W, s.sill + 46],
    [W, s.belt - 18],
    [W - 22, s.belt + 6],
    [-(W - 22), s.belt + 6],
    [-W, s.belt - 18],
    [-W, s.sill + 46],
  ]);
  parts.push(`<path d="${roundedPath(lower, [14, 14, 24, 18, 20, 20, 18, 24])}" fill="url(#${id}-paint)"/>`);
  parts.push(
    `<path d="${poly(
      toP([
        [-(W - 24), s.belt - 2],
        [W - 24, s.belt - 2],
      ]),
    )}" stroke="#ffffff" stroke-opacity="0.35" stroke-width="4"/>`,
  );
  parts.push(...endCarSides(view), ...endCarFace(view));
  return parts.join("\n");
}

/** What the parts of a car seen from an end share: its shape, paint, scale and coordinates. */
interface EndView {
  id: string;
  s: FrontShape;
  paint: string;
  rear: boolean;
  k: number;
  cx: number;
  /** Half the car's width. */
  W: number;
  /** The paint's outline colour. */
  line: string;
  glassTop: number;
  toX: (v: number) => number;
  toY: (v: number) => number;
  toP: (pts: Pt[]) => Pt[];
}

/** Both sides of the car seen from an end: mirrors and lamps, fog lamps at the front, exhausts at the rear. */
function endCarSides({ id, s, paint, rear, k, W, line, toX, toY, toP }: EndView): string[] {
  const parts: string[] = [];
  for (const side of [-1, 1]) {
    parts.push(
      `<path d="${roundedPath(
        toP([
          [side * (W - 32), s.belt + 2],
          [side * (W + 26), s.belt + 2],
          [side * (W + 28), s.belt + 28],
          [side * (W - 30), s.belt + 22],
        ]),
        6,
      )}" fill="${mix(paint, "#000000", 0.12)}" stroke="${line}" stroke-width="1.5"/>`,
    );
    const lamp = rear
      ? toP([
          [side * (W - 4), s.lights + 34],
          [side * (W - 108), s.lights + 26],
          [side * (W - 112), s.lights + 2],
          [side * (W - 6), s.lights - 4],
        ])
      : toP([
          [side * (W - 10), s.lights + 24],
          [side * (W - 98), s.lights + 16],
          [side * (W - 104), s.lights - 8],
          [side * (W - 18), s.lights - 4],
        ]);
    parts.push(
      `<path d="${roundedPath(lamp, 6)}" fill="url(#${id}-${rear ? "tail" : "lamp"})" stroke="#3a3f46" stroke-width="2"/>`,
    );
    if (!rear) {
      parts.push(
        `<path d="${poly(
          toP([
            [side * (W - 22), s.lights - 1],
            [side * (W - 96), s.lights - 5],
          ]),
        )}" stroke="#e9f6ff" stroke-width="4" stroke-linecap="round"/>`,
        `<circle cx="${n(toX(side * (W - 54)))}" cy="${n(toY(s.sill + 32))}" r="${n(9 * k)}" fill="url(#${id}-lamp)" stroke="#3a3f46" stroke-width="2"/>`,
      );
    } else {
      parts.push(
        `<ellipse cx="${n(toX(side * (W - 84)))}" cy="${n(toY(s.sill + 10))}" rx="${n(16 * k)}" ry="${n(6 * k)}" fill="#1b1d20" stroke="#8c939b" stroke-width="2"/>`,
      );
    }
  }
  return parts;
}

/** The middle of the car seen from an end: grille, badge and plate at the front; trim, badge and plate at the rear. */
function endCarFace({ id, s, k, cx, W, line, glassTop, toX, toY, toP, rear }: EndView): string[] {
  const parts: string[] = [];
  if (!rear) {
    const gw = s.grilleWidth / 2;
    const gTop = s.lights + 4;
    const gBottom = s.sill + 66;
    parts.push(
      `<path d="${roundedPath(
        toP([
          [-gw, gTop],
          [gw, gTop],
          [gw - 10, gBottom],
          [-(gw - 10), gBottom],
        ]),
        12,
      )}" fill="#15181b" stroke="#9aa1a9" stroke-width="3"/>`,
    );
    for (let i = 1; i < 5; i++) {
      const yy = gBottom + ((gTop - gBottom) * i) / 5;
      parts.push(
        `<path d="${poly(
          toP([
            [-(gw - 10), yy],
            [gw - 10, yy],
          ]),
        )}" stroke="#3b4047" stroke-width="3"/>`,
      );
    }
    parts.push(
      `<circle cx="${cx}" cy="${n(toY((gTop + gBottom) / 2))}" r="${n(11 * k)}" fill="url(#${id}-rim)" stroke="#50565e" stroke-width="2"/>`,
      `<path d="${roundedPath(
        toP([
          [-(W - 70), s.sill + 12],
          [W - 70, s.sill + 12],
          [W - 80, s.sill + 40],
          [-(W - 80), s.sill + 40],
        ]),
        10,
      )}" fill="#1b1e22"/>`,
    );
    parts.push(plate(cx, toY(s.sill + 48), 112 * k, 24 * k));
  } else {
    parts.push(
      `<path d="${poly(
        toP([
          [-(W - 20), s.sill + 60],
          [W - 20, s.sill + 60],
        ]),
      )}" stroke="${line}" stroke-width="3"/>`,
      `<rect x="${n(toX(-30))}" y="${n(toY(glassTop + 10))}" width="${n(60 * k)}" height="${n(5 * k)}" rx="3" fill="#c41f26"/>`,
      `<circle cx="${cx}" cy="${n(toY(s.lights + 18))}" r="${n(12 * k)}" fill="url(#${id}-rim)" stroke="#50565e" stroke-width="2"/>`,
      `<path d="${roundedPath(
        toP([
          [-(W - 30), s.sill],
          [W - 30, s.sill],
          [W - 40, s.sill + 22],
          [-(W - 40), s.sill + 22],
        ]),
        10,
      )}" fill="#1b1e22"/>`,
    );
    parts.push(plate(cx, toY(s.lights - 34), 112 * k, 24 * k));
  }
  return parts;
}

/** Driver's seat: dashboard, steering wheel on the left, centre screen and a trim strip in the body colour. */
function interior(id: string, paint: string): string {
  const W = PHOTO_WIDTH;
  return `
  <path d="M0,0H${W}V140C1000,110 280,110 0,140Z" fill="#1d2024"/>
  <path d="M0,0L120,0L300,560L0,620Z" fill="#24272c"/>
  <path d="M${W},0L${W - 120},0L${W - 300},560L${W},620Z" fill="#24272c"/>
  <path d="M0,560C300,470 980,470 ${W},560V${PHOTO_HEIGHT}H0Z" fill="#2a2d32"/>
  <path d="M0,590C300,505 980,505 ${W},590V640C980,560 300,560 0,640Z" fill="${paint}" opacity="0.9"/>
  <path d="M0,640C300,560 980,560 ${W},640V${PHOTO_HEIGHT}H0Z" fill="#1c1f23"/>
  <rect x="560" y="520" width="300" height="180" rx="16" fill="#0b0d10" stroke="#4a4f57" stroke-width="4"/>
  <rect x="576" y="536" width="268" height="148" rx="8" fill="#16324f"/>
  <path d="M590,660L650,600L700,630L760,560L830,590" fill="none" stroke="#5ec2ff" stroke-width="5" stroke-linecap="round"/>
  <circle cx="760" cy="560" r="9" fill="#ff6b4a"/>
  <rect x="590" y="548" width="90" height="10" rx="5" fill="#2d5c88"/>
  <rect x="590" y="566" width="60" height="10" rx="5" fill="#2d5c88"/>
  <rect x="900" y="600" width="150" height="40" rx="12" fill="#111316" stroke="#3d4249" stroke-width="3"/>
  <rect x="390" y="600" width="120" height="40" rx="12" fill="#111316" stroke="#3d4249" stroke-width="3"/>
  <rect x="170" y="560" width="190" height="90" rx="20" fill="#0d0f12"/>
  <circle cx="225" cy="605" r="30" fill="none" stroke="#7fd3ff" stroke-width="5"/>
  <circle cx="305" cy="605" r="30" fill="none" stroke="#7fd3ff" stroke-width="5"/>
  <g>
    <circle cx="265" cy="760" r="190" fill="none" stroke="#111316" stroke-width="42"/>
    <circle cx="265" cy="760" r="190" fill="none" stroke="#33373d" stroke-width="6"/>
    <path d="M85,790L205,760L325,760L445,790L425,830L325,810L205,810L105,830Z" fill="#15171a"/>
    <circle cx="265" cy="785" r="62" fill="#1a1c20" stroke="#3a3f46" stroke-width="4"/>
    <circle cx="265" cy="785" r="18" fill="url(#${id}-rim)"/>
  </g>
  <rect x="660" y="760" width="100" height="200" rx="30" fill="#141619"/>
  <circle cx="710" cy="820" r="26" fill="#30343a" stroke="#8d949c" stroke-width="3"/>`;
}

function cityScene(key: string): string {
  const rnd = detailRandom(key);
  const parts: string[] = [
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8fbce4"/><stop offset="1" stop-color="#e6f0f7"/></linearGradient>`,
    `<rect width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" fill="url(#sky)"/>`,
  ];
  for (const [tone, base, hMin, hMax] of [
    ["#aebccb", 640, 160, 330],
    ["#8796a7", 660, 120, 260],
  ] as const) {
    let x = -20;
    while (x < PHOTO_WIDTH) {
      const w = 70 + rnd() * 120;
      const h = hMin + rnd() * (hMax - hMin);
      parts.push(`<rect x="${n(x)}" y="${n(base - h)}" width="${n(w)}" height="${n(h)}" fill="${tone}"/>`);
      for (let wy = base - h + 16; wy < base - 24; wy += 26) {
        for (let wx = x + 10; wx < x + w - 16; wx += 22) {
          if (rnd() < 0.75)
            parts.push(
              `<rect x="${n(wx)}" y="${n(wy)}" width="10" height="14" fill="${mix(tone, "#ffffff", 0.35)}"/>`,
            );
        }
      }
      x += w + 6;
    }
  }
  parts.push(
    `<rect y="640" width="${PHOTO_WIDTH}" height="60" fill="#c9c7bf"/>`,
    `<rect y="694" width="${PHOTO_WIDTH}" height="10" fill="#9a988f"/>`,
    `<linearGradient id="road" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5d6166"/><stop offset="1" stop-color="#3c3f44"/></linearGradient>`,
    `<rect y="704" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT - 704}" fill="url(#road)"/>`,
  );
  for (let x = 20; x < PHOTO_WIDTH; x += 180)
    parts.push(`<rect x="${x}" y="892" width="100" height="10" fill="#e9e9e2" opacity="0.85"/>`);
  return parts.join("\n");
}

function countryScene(key: string): string {
  const rnd = detailRandom(key);
  const parts: string[] = [
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6fa8e0"/><stop offset="1" stop-color="#dcebf6"/></linearGradient>`,
    `<rect width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" fill="url(#sky)"/>`,
    `<circle cx="1060" cy="170" r="60" fill="#fff6d5" opacity="0.9"/>`,
    `<path d="M0,560C220,470 420,520 640,500C860,480 1040,430 1280,520V720H0Z" fill="#9fc49a"/>`,
    `<path d="M0,620C260,560 520,610 760,580C980,555 1120,590 1280,600V720H0Z" fill="#77a872"/>`,
  ];
  for (let x = 10; x < PHOTO_WIDTH; x += 40 + rnd() * 60) {
    const y = 610 + rnd() * 25;
    const r = 22 + rnd() * 26;
    parts.push(
      `<rect x="${n(x - 4)}" y="${n(y - 10)}" width="8" height="${n(r + 10)}" fill="#5b4632"/>`,
      `<circle cx="${n(x)}" cy="${n(y - r)}" r="${n(r)}" fill="${rnd() < 0.5 ? "#3f7a45" : "#4c8a4f"}"/>`,
    );
  }
  parts.push(
    `<rect y="680" width="${PHOTO_WIDTH}" height="40" fill="#6b9a5e"/>`,
    `<rect y="716" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT - 716}" fill="#4c5055"/>`,
    `<rect y="724" width="${PHOTO_WIDTH}" height="6" fill="#f1f1ea"/>`,
    `<rect y="${PHOTO_HEIGHT - 40}" width="${PHOTO_WIDTH}" height="40" fill="#6b9a5e"/>`,
  );
  return parts.join("\n");
}

function showroomScene(): string {
  const parts: string[] = [
    `<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f2f4f6"/><stop offset="1" stop-color="#d4d9de"/></linearGradient>`,
    `<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c3c9cf"/><stop offset="1" stop-color="#9ea5ad"/></linearGradient>`,
    `<radialGradient id="spot" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#ffffff" stop-opacity="0.9"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>`,
    `<rect width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" fill="url(#wall)"/>`,
  ];
  for (let x = 80; x < PHOTO_WIDTH; x += 280)
    parts.push(
      `<rect x="${x}" y="120" width="200" height="420" fill="#e7ecf1" stroke="#c2c9d0" stroke-width="3"/>`,
    );
  for (let x = 180; x < PHOTO_WIDTH; x += 310)
    parts.push(`<ellipse cx="${x}" cy="40" rx="150" ry="60" fill="url(#spot)"/>`);
  parts.push(
    `<rect y="600" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT - 600}" fill="url(#floor)"/>`,
    `<rect y="596" width="${PHOTO_WIDTH}" height="6" fill="#a9b0b7"/>`,
    `<ellipse cx="640" cy="${GROUND}" rx="600" ry="120" fill="url(#spot)" opacity="0.6"/>`,
  );
  return parts.join("\n");
}

/** Windscreen view for the interior shot: a road running ahead under a clear sky. */
function roadAheadScene(): string {
  return `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7db2e2"/><stop offset="1" stop-color="#e3eef7"/></linearGradient>
  <rect width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" fill="url(#sky)"/>
  <path d="M0,420C300,380 900,380 1280,420V700H0Z" fill="#7fae77"/>
  <path d="M560,400L720,400L1100,700H180Z" fill="#55595e"/>
  <path d="M636,410L644,410L660,520H620Z" fill="#efefe8"/>`;
}

export interface CarPhotoSpec {
  bodyType: BodyType;
  paint: string;
  view: PhotoView;
}

/** One demo photo as an SVG document, PHOTO_WIDTH x PHOTO_HEIGHT. */
export function drawCarPhoto({ bodyType, paint, view }: CarPhotoSpec): string {
  const id = "car";
  const key = `${bodyType}|${paint}|${view}`;
  let scene: string;
  let car: string;
  switch (view) {
    case "side":
      scene = cityScene(key);
      car = sideCar(id, SIDE_SHAPES[bodyType], paint, 140, 1);
      break;
    case "side-left":
      scene = countryScene(key);
      car = sideCar(id, SIDE_SHAPES[bodyType], paint, 1140, -1);
      break;
    case "front":
      scene = showroomScene();
      car = endCar(id, bodyType, paint, false);
      break;
    case "rear":
      scene = cityScene(key);
      car = endCar(id, bodyType, paint, true);
      break;
    case "interior":
      scene = roadAheadScene();
      car = interior(id, paint);
      break;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" viewBox="0 0 ${PHOTO_WIDTH} ${PHOTO_HEIGHT}">
<defs>${paintDefs(id, paint)}</defs>
${scene}
${car}
</svg>`;
}
