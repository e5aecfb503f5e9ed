import type { BodyType } from "../../../domain/vehicles";
import type { Pt } from "./svg";

/**
 * Side and front proportions of each body type, in a frame 1000 units long (the car's length), with
 * y pointing up from the ground. Numbers come from typical dimensions of cars sold in Poland (a
 * 4.7 m sedan is 1.45 m high, a delivery van 5.5 m long and 2.5 m high), scaled to that frame.
 * The car faces right: the front is at x = 1000.
 */
export interface SideShape {
  body: Pt[];
  radii: number[];
  /** Side glass (daylight opening). */
  glass: Pt[];
  glassRadii: number[];
  /** Black pillars drawn over the glass: [x at the bottom, x at the top, width]. */
  pillars: [number, number, number][];
  /** Door and panel cut lines as polylines. */
  cuts: Pt[][];
  handles: Pt[];
  wheels: { x: number; r: number };
  wheelRearX: number;
  headlight: Pt[];
  taillight: Pt[];
  mirror: Pt[];
  /** Height of the shoulder crease that catches the light. */
  shoulder: number;
  sill: number;
  roofRails?: [number, number, number];
  /** Plastic wheel-arch cladding (SUV). */
  cladding?: boolean;
}

export const SIDE_SHAPES: Record<BodyType, SideShape> = {
  sedan: {
    body: [
      [10, 55],
      [0, 120],
      [6, 205],
      [215, 222],
      [370, 300],
      [560, 309],
      [650, 301],
      [790, 212],
      [958, 172],
      [1000, 135],
      [996, 62],
      [962, 38],
      [40, 42],
    ],
    radii: [14, 22, 26, 40, 70, 60, 50, 40, 40, 22, 16, 12, 12],
    glass: [
      [285, 210],
      [388, 288],
      [640, 292],
      [762, 212],
    ],
    glassRadii: [6, 30, 24, 6],
    pillars: [[522, 530, 15]],
    cuts: [
      [
        [748, 206],
        [718, 150],
        [714, 48],
      ],
      [
        [522, 206],
        [520, 48],
      ],
      [
        [300, 206],
        [296, 150],
        [290, 48],
      ],
    ],
    handles: [
      [652, 178],
      [435, 178],
    ],
    wheels: { x: 798, r: 70 },
    wheelRearX: 202,
    headlight: [
      [922, 162],
      [985, 150],
      [996, 132],
      [930, 142],
    ],
    taillight: [
      [2, 188],
      [55, 196],
      [58, 178],
      [2, 168],
    ],
    mirror: [
      [742, 214],
      [775, 216],
      [782, 236],
      [752, 238],
    ],
    shoulder: 172,
    sill: 42,
  },
  hatchback: {
    body: [
      [12, 60],
      [2, 130],
      [10, 252],
      [72, 330],
      [600, 341],
      [782, 222],
      [950, 186],
      [1000, 142],
      [996, 64],
      [962, 40],
      [40, 44],
    ],
    radii: [14, 24, 40, 70, 60, 44, 44, 24, 16, 12, 12],
    glass: [
      [165, 226],
      [182, 315],
      [590, 320],
      [752, 226],
    ],
    glassRadii: [6, 24, 26, 6],
    pillars: [[468, 478, 15]],
    cuts: [
      [
        [745, 218],
        [715, 155],
        [712, 50],
      ],
      [
        [468, 218],
        [466, 50],
      ],
      [
        [200, 220],
        [292, 150],
        [292, 50],
      ],
    ],
    handles: [
      [620, 190],
      [385, 190],
    ],
    wheels: { x: 800, r: 74 },
    wheelRearX: 190,
    headlight: [
      [905, 178],
      [978, 165],
      [996, 142],
      [915, 155],
    ],
    taillight: [
      [6, 230],
      [46, 236],
      [60, 290],
      [34, 292],
    ],
    mirror: [
      [735, 228],
      [770, 230],
      [778, 252],
      [746, 254],
    ],
    shoulder: 186,
    sill: 44,
  },
  kombi: {
    body: [
      [10, 55],
      [0, 120],
      [6, 232],
      [34, 300],
      [200, 312],
      [640, 310],
      [792, 214],
      [960, 173],
      [1000, 136],
      [996, 62],
      [962, 38],
      [40, 42],
    ],
    radii: [14, 22, 30, 46, 40, 60, 40, 40, 22, 16, 12, 12],
    glass: [
      [62, 216],
      [82, 294],
      [628, 297],
      [764, 214],
    ],
    glassRadii: [6, 22, 24, 6],
    pillars: [
      [522, 530, 15],
      [282, 276, 11],
    ],
    cuts: [
      [
        [750, 208],
        [718, 150],
        [714, 48],
      ],
      [
        [522, 208],
        [520, 48],
      ],
      [
        [296, 208],
        [294, 150],
        [290, 48],
      ],
    ],
    handles: [
      [652, 180],
      [435, 180],
    ],
    wheels: { x: 798, r: 70 },
    wheelRearX: 202,
    headlight: [
      [924, 163],
      [985, 151],
      [996, 133],
      [932, 143],
    ],
    taillight: [
      [3, 196],
      [40, 204],
      [46, 262],
      [14, 262],
    ],
    mirror: [
      [744, 216],
      [777, 218],
      [784, 238],
      [754, 240],
    ],
    shoulder: 174,
    sill: 42,
    roofRails: [110, 600, 318],
  },
  suv: {
    body: [
      [12, 78],
      [0, 150],
      [6, 270],
      [42, 350],
      [600, 365],
      [780, 252],
      [955, 226],
      [1000, 186],
      [998, 84],
      [966, 60],
      [40, 64],
    ],
    radii: [14, 22, 34, 60, 70, 40, 46, 26, 18, 14, 14],
    glass: [
      [72, 256],
      [96, 338],
      [588, 346],
      [752, 258],
    ],
    glassRadii: [6, 24, 28, 6],
    pillars: [
      [505, 515, 17],
      [272, 268, 12],
    ],
    cuts: [
      [
        [745, 250],
        [712, 190],
        [708, 66],
      ],
      [
        [505, 250],
        [503, 66],
      ],
      [
        [290, 250],
        [290, 190],
        [294, 66],
      ],
    ],
    handles: [
      [640, 222],
      [420, 222],
    ],
    wheels: { x: 792, r: 82 },
    wheelRearX: 205,
    headlight: [
      [905, 218],
      [978, 206],
      [996, 186],
      [915, 198],
    ],
    taillight: [
      [3, 235],
      [52, 240],
      [56, 270],
      [6, 268],
    ],
    mirror: [
      [736, 260],
      [772, 262],
      [780, 286],
      [746, 288],
    ],
    shoulder: 222,
    sill: 64,
    roofRails: [90, 570, 374],
    cladding: true,
  },
  bus: {
    body: [
      [8, 68],
      [0, 140],
      [2, 372],
      [30, 394],
      [780, 394],
      [905, 262],
      [975, 215],
      [1000, 172],
      [998, 70],
      [965, 48],
      [40, 50],
    ],
    radii: [12, 16, 30, 30, 44, 30, 34, 22, 16, 14, 14],
    glass: [
      [28, 256],
      [32, 374],
      [770, 377],
      [882, 262],
    ],
    glassRadii: [6, 12, 20, 6],
    pillars: [
      [232, 232, 16],
      [470, 470, 16],
      [695, 700, 18],
    ],
    cuts: [
      [
        [700, 258],
        [700, 50],
      ],
      [
        [470, 258],
        [470, 50],
      ],
      [
        [870, 258],
        [868, 165],
      ],
    ],
    handles: [
      [490, 222],
      [720, 222],
    ],
    wheels: { x: 810, r: 68 },
    wheelRearX: 210,
    headlight: [
      [930, 210],
      [985, 200],
      [997, 174],
      [935, 186],
    ],
    taillight: [
      [1, 200],
      [22, 200],
      [22, 330],
      [1, 330],
    ],
    mirror: [
      [860, 262],
      [892, 262],
      [900, 296],
      [868, 298],
    ],
    shoulder: 232,
    sill: 50,
  },
  van: {
    body: [
      [6, 62],
      [0, 120],
      [0, 440],
      [20, 455],
      [760, 455],
      [892, 292],
      [970, 242],
      [1000, 192],
      [998, 66],
      [965, 45],
      [40, 48],
    ],
    radii: [10, 10, 20, 20, 56, 30, 34, 22, 14, 12, 12],
    glass: [
      [780, 282],
      [782, 430],
      [800, 436],
      [875, 292],
    ],
    glassRadii: [4, 8, 12, 4],
    pillars: [],
    cuts: [
      [
        [770, 440],
        [770, 48],
      ],
      [
        [430, 440],
        [430, 48],
      ],
      [
        [740, 440],
        [740, 48],
      ],
      [
        [16, 300],
        [760, 300],
      ],
    ],
    handles: [
      [795, 255],
      [455, 255],
    ],
    wheels: { x: 818, r: 66 },
    wheelRearX: 182,
    headlight: [
      [935, 236],
      [986, 226],
      [997, 194],
      [938, 208],
    ],
    taillight: [
      [0, 150],
      [18, 150],
      [18, 300],
      [0, 300],
    ],
    mirror: [
      [858, 292],
      [890, 292],
      [898, 330],
      [866, 332],
    ],
    shoulder: 250,
    sill: 48,
  },
};

/**
 * Front and rear proportions, centred on x = 0, in the same units as the side frame: width of the
 * body, its height, the beltline and the width of the roof.
 */
export interface FrontShape {
  width: number;
  height: number;
  belt: number;
  roofWidth: number;
  sill: number;
  tyre: number;
  /** Top of the bumper line where lights sit. */
  lights: number;
  grilleWidth: number;
}

export const FRONT_SHAPES: Record<BodyType, FrontShape> = {
  sedan: {
    width: 400,
    height: 309,
    belt: 200,
    roofWidth: 280,
    sill: 40,
    tyre: 140,
    lights: 160,
    grilleWidth: 170,
  },
  hatchback: {
    width: 390,
    height: 341,
    belt: 215,
    roofWidth: 290,
    sill: 42,
    tyre: 148,
    lights: 172,
    grilleWidth: 160,
  },
  kombi: {
    width: 400,
    height: 312,
    belt: 205,
    roofWidth: 290,
    sill: 40,
    tyre: 140,
    lights: 162,
    grilleWidth: 170,
  },
  suv: {
    width: 420,
    height: 365,
    belt: 245,
    roofWidth: 310,
    sill: 60,
    tyre: 164,
    lights: 205,
    grilleWidth: 200,
  },
  bus: {
    width: 400,
    height: 394,
    belt: 250,
    roofWidth: 370,
    sill: 48,
    tyre: 136,
    lights: 200,
    grilleWidth: 210,
  },
  van: {
    width: 410,
    height: 455,
    belt: 265,
    roofWidth: 390,
    sill: 46,
    tyre: 132,
    lights: 222,
    grilleWidth: 230,
  },
};
