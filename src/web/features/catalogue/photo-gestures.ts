import { type PointerEvent as ReactPointerEvent, useRef, useState } from "react";

/** The zoom a double tap gives, and the most a pinch may reach. */
const TAP_ZOOM = 2.5;
const MAX_ZOOM = 4;
/** How far a finger may move and still be a tap, how far a swipe must go, and a double tap's gap (ms). */
const TAP_SLOP = 10;
const SWIPE_DISTANCE = 50;
const DOUBLE_TAP_MS = 350;

interface Zoom {
  scale: number;
  x: number;
  y: number;
}
const NO_ZOOM: Zoom = { scale: 1, x: 0, y: 0 };

type Point = { x: number; y: number };
const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** An offset that keeps the zoomed photo over the stage (no empty band beside it). */
function clampOffset(z: Zoom, stage: DOMRect): Zoom {
  const maxX = ((z.scale - 1) * stage.width) / 2;
  const maxY = ((z.scale - 1) * stage.height) / 2;
  const clamp = (v: number, m: number) => Math.max(-m, Math.min(m, v));
  return { scale: z.scale, x: clamp(z.x, maxX), y: clamp(z.y, maxY) };
}

/**
 * Touch and mouse on the full-screen gallery's stage, with pointer events (the stage takes no browser
 * gestures, so the page never moves behind it): one finger swipes to the next or previous photo, or
 * pans a zoomed one; two fingers pinch the zoom; a double tap (or double click) zooms in at that point
 * and out again. `drag` is how far the photo row follows the finger during a swipe.
 */
export function usePhotoGestures(go: (step: 1 | -1) => void) {
  const [zoom, setZoom] = useState<Zoom>(NO_ZOOM);
  const [drag, setDrag] = useState(0);
  const pointers = useRef(new Map<number, Point>());
  const single = useRef<{ start: Point; from: Zoom; moved: boolean } | null>(null);
  const pinch = useRef<{ distance: number; from: number } | null>(null);
  const lastTap = useRef<{ at: number; point: Point } | null>(null);

  const stageRect = (e: ReactPointerEvent<HTMLElement>) => e.currentTarget.getBoundingClientRect();

  /** Zoom in at a point of the stage (it stays under the finger), or back out. */
  const toggleZoomAt = (point: Point, stage: DOMRect) => {
    if (zoom.scale > 1) return setZoom(NO_ZOOM);
    const px = point.x - (stage.left + stage.width / 2);
    const py = point.y - (stage.top + stage.height / 2);
    setZoom(clampOffset({ scale: TAP_ZOOM, x: px * (1 - TAP_ZOOM), y: py * (1 - TAP_ZOOM) }, stage));
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLElement>) => {
    const p = { x: e.clientX, y: e.clientY };
    pointers.current.set(e.pointerId, p);
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      pinch.current = { distance: distance(a, b), from: zoom.scale };
      single.current = null;
      setDrag(0);
    } else if (pointers.current.size === 1) {
      single.current = { start: p, from: zoom, moved: false };
    }
  };

  const onPointerMove = (e: ReactPointerEvent<HTMLElement>) => {
    if (!pointers.current.has(e.pointerId)) return;
    const p = { x: e.clientX, y: e.clientY };
    pointers.current.set(e.pointerId, p);
    const stage = stageRect(e);
    if (pinch.current && pointers.current.size >= 2) {
      const [a, b] = [...pointers.current.values()];
      const scale = Math.min(
        MAX_ZOOM,
        Math.max(1, (pinch.current.from * distance(a, b)) / pinch.current.distance),
      );
      setZoom((z) => (scale === 1 ? NO_ZOOM : clampOffset({ ...z, scale }, stage)));
      return;
    }
    const s = single.current;
    if (!s) return;
    const dx = p.x - s.start.x;
    const dy = p.y - s.start.y;
    if (Math.abs(dx) > TAP_SLOP || Math.abs(dy) > TAP_SLOP) s.moved = true;
    if (s.from.scale > 1)
      setZoom(clampOffset({ scale: s.from.scale, x: s.from.x + dx, y: s.from.y + dy }, stage));
    else if (s.moved) setDrag(dx);
  };

  const onPointerUp = (e: ReactPointerEvent<HTMLElement>) => {
    if (!pointers.current.delete(e.pointerId)) return;
    if (pinch.current) {
      // The pinch ends with its last finger; what is left of it is no swipe and no tap.
      if (pointers.current.size === 0) pinch.current = null;
      return;
    }
    const s = single.current;
    single.current = null;
    if (!s) return;
    const p = { x: e.clientX, y: e.clientY };
    setDrag(0);
    if (s.moved) {
      const dx = p.x - s.start.x;
      if (s.from.scale === 1 && Math.abs(dx) > SWIPE_DISTANCE) go(dx < 0 ? 1 : -1);
      lastTap.current = null;
      return;
    }
    const previous = lastTap.current;
    if (previous && e.timeStamp - previous.at < DOUBLE_TAP_MS && distance(previous.point, p) < 3 * TAP_SLOP) {
      lastTap.current = null;
      toggleZoomAt(p, stageRect(e));
    } else {
      lastTap.current = { at: e.timeStamp, point: p };
    }
  };

  const onPointerCancel = (e: ReactPointerEvent<HTMLElement>) => {
    pointers.current.delete(e.pointerId);
    if (pointers.current.size === 0) pinch.current = null;
    single.current = null;
    setDrag(0);
  };

  return {
    zoom,
    drag,
    /** Back to the whole photo (another photo shown, or the zoom button). */
    resetZoom: () => setZoom(NO_ZOOM),
    /** The zoom button: zoom in at the middle, or back out. */
    toggleZoom: () => setZoom((z) => (z.scale > 1 ? NO_ZOOM : { scale: TAP_ZOOM, x: 0, y: 0 })),
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel },
  };
}
