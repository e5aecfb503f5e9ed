import { type RefObject, useEffect, useState } from "react";

/**
 * Whether a fixed element (the chat's corner button, the phone's contact bar) lies over something
 * that must stay readable, an element marked `data-keep-clear` (a live auction's panel: its countdown,
 * price, bid box and the maximum offer's explanation). The fixed element then steps aside (is made
 * invisible, keeping its place) until the page scrolls on.
 */
export function useStepsAside(fixed: RefObject<HTMLElement | null>): boolean {
  const [aside, setAside] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      const b = fixed.current?.getBoundingClientRect();
      if (!b) return;
      const covers = [...document.querySelectorAll("[data-keep-clear]")].some((el) => {
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
  }, [fixed]);
  return aside;
}
