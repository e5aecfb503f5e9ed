import type { BodyType } from "../../../domain/vehicles";
import { drawCarPhoto, PHOTO_HEIGHT, PHOTO_WIDTH, type PhotoView } from "./car-drawing";
import { mix } from "./svg";

/**
 * Banner pictures for the sliders (desktop 1920 x 640, phone 750 x 1000): a coloured panel where
 * the page lays the slide's texts (HTML, not pixels, so they stay readable and translatable) and a
 * drawn car photo fading into it. Promotion badges are small square pictograms.
 */

export const BANNER_DESKTOP = { width: 1920, height: 640 } as const;
export const BANNER_MOBILE = { width: 750, height: 1000 } as const;

export interface BannerSpec {
  bodyType: BodyType;
  paint: string;
  view: PhotoView;
  /** Colour of the text panel. */
  panel: string;
}

const innerPhoto = (spec: BannerSpec) =>
  drawCarPhoto({ bodyType: spec.bodyType, paint: spec.paint, view: spec.view })
    .replace(/^<svg[^>]*>/, "")
    .replace(/<\/svg>\s*$/, "");

function decorations(panel: string, width: number, height: number, mobile: boolean): string {
  const light = mix(panel, "#ffffff", 0.12);
  // Soft circles on the text panel only: left of the photo on desktop, below it on phones.
  const circles = mobile
    ? [
        [0.9, 0.97, 0.2, 0.5],
        [0.05, 0.78, 0.12, 0.35],
      ]
    : [
        [0.08, 0.9, 0.35, 0.5],
        [0.3, 0.05, 0.22, 0.35],
      ];
  return circles
    .map(
      ([x, y, r, o]) =>
        `<circle cx="${Math.round(width * x)}" cy="${Math.round(height * y)}" r="${Math.round(height * r)}" fill="${light}" opacity="${o}"/>`,
    )
    .join("");
}

export function drawBanner(spec: BannerSpec, mobile: boolean): string {
  const { width, height } = mobile ? BANNER_MOBILE : BANNER_DESKTOP;
  // The photo keeps its 4:3 proportions: on the right of a wide banner, on top of a tall one.
  const photoH = mobile ? Math.round((width * PHOTO_HEIGHT) / PHOTO_WIDTH) : height;
  const photoW = mobile ? width : Math.round((height * PHOTO_WIDTH) / PHOTO_HEIGHT);
  const photoX = mobile ? 0 : width - photoW;
  const fade = mobile
    ? `<linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.7" stop-color="${spec.panel}" stop-opacity="0"/><stop offset="1" stop-color="${spec.panel}"/></linearGradient>
       <rect x="0" y="0" width="${width}" height="${photoH}" fill="url(#fade)"/>`
    : `<linearGradient id="fade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${spec.panel}"/><stop offset="0.35" stop-color="${spec.panel}" stop-opacity="0"/></linearGradient>
       <rect x="${photoX}" y="0" width="${photoW}" height="${height}" fill="url(#fade)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect width="${width}" height="${height}" fill="${spec.panel}"/>
<svg x="${photoX}" y="0" width="${photoW}" height="${photoH}" viewBox="0 0 ${PHOTO_WIDTH} ${PHOTO_HEIGHT}">${innerPhoto(spec)}</svg>
${fade}
${decorations(spec.panel, width, height, mobile)}
</svg>`;
}

const BADGE_ICONS: Record<string, string> = {
  gift: `<rect x="50" y="90" width="100" height="70" rx="6" fill="#fff"/><rect x="42" y="70" width="116" height="26" rx="6" fill="#fff"/>
    <rect x="92" y="70" width="16" height="90" fill="#b91c1c"/><path d="M100,70C80,40 55,50 70,68M100,70C120,40 145,50 130,68" fill="none" stroke="#fff" stroke-width="9" stroke-linecap="round"/>`,
  tyre: `<circle cx="100" cy="100" r="62" fill="#1f2937" stroke="#fff" stroke-width="8"/><circle cx="100" cy="100" r="30" fill="#cbd5e1"/>
    <path d="M100,20V60M100,140V180M20,100H60M140,100H180M43,43L72,72M128,128L157,157M157,43L128,72M72,128L43,157" stroke="#fff" stroke-width="6" stroke-linecap="round"/>`,
  shield: `<path d="M100,35L155,55V100C155,135 130,158 100,170C70,158 45,135 45,100V55Z" fill="#fff"/>
    <path d="M75,102L94,121L128,84" fill="none" stroke="#047857" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/>`,
  fuel: `<rect x="55" y="45" width="70" height="115" rx="8" fill="#1f2937"/><rect x="67" y="58" width="46" height="34" rx="4" fill="#fde68a"/>
    <path d="M125,75H140L150,90V140C150,150 162,150 162,140V95" fill="none" stroke="#1f2937" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>`,
};

const BADGE_BACKGROUND: Record<string, string> = {
  gift: "#b91c1c",
  tyre: "#0f3f9e",
  shield: "#047857",
  fuel: "#fde68a",
};

export function drawPromotionBadge(kind: keyof typeof BADGE_ICONS): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">
<circle cx="100" cy="100" r="98" fill="${BADGE_BACKGROUND[kind]}"/>${BADGE_ICONS[kind]}</svg>`;
}
