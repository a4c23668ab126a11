import { useEffect, type RefObject } from 'react';

/** Scrolls a horizontally scrolling box so that content x (px) is visible, with a margin; null = leave it. */
export function useScrollIntoViewX(ref: RefObject<HTMLElement | null>, x: number | null, margin = 120): void {
  useEffect(() => {
    const el = ref.current;
    if (!el || x === null) return;
    if (x < el.scrollLeft + margin || x > el.scrollLeft + el.clientWidth - margin) {
      el.scrollTo({ left: Math.max(0, x - el.clientWidth / 2) });
    }
  }, [ref, x, margin]);
}
