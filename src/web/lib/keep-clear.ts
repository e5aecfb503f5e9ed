import { type RefObject, useEffect, useState } from "react";

/**
 * Whether a fixed element (the chat's corner button, the phone's contact bar) lies over something
 * that must stay readable, an element marked `data-keep-clear` (a live auction's panel: its countdown,
 * price, bid box and the maximum offer's explanation). The fixed element then steps aside (is made
 * invisible, keeping its place) until the page scrolls on.
 */
const KEEP_CLEAR = "[data-keep-clear]";
/**
 * What the chat's small corner button also steps aside for (`data-keep-clear-of-chat`): a car's price,
 * the enquiry form, a toast. Not the phone's contact bar, whose calling and writing is the point there.
 */
export const KEEP_CLEAR_OF_CHAT = `${KEEP_CLEAR}, [data-keep-clear-of-chat]`;

export function useStepsAside(fixed: RefObject<HTMLElement | null>, selector = KEEP_CLEAR): boolean {
  const [aside, setAside] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      const b = fixed.current?.getBoundingClientRect();
      if (!b) return;
      const covers = [...document.querySelectorAll(selector)].some((el) => {
        const r = el.getBoundingClientRect();
        return r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top;
      });
      setAside(covers);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    schedule();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    // Content also moves without a scroll (data arriving, messages appearing).
    const timer = setInterval(schedule, 1000);
    return () => {
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      clearInterval(timer);
      cancelAnimationFrame(frame);
    };
  }, [fixed, selector]);
  return aside;
}
