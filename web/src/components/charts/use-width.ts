import { useEffect, useRef, useState } from 'react';

/**
 * The width of a box, kept as it resizes (a phone turned, a sidebar opened). Where a browser cannot
 * measure (no ResizeObserver), a width of 600 px draws the chart anyway; the card clips nothing since
 * the SVG scales with its viewBox.
 */
export function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(600);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const watch = new ResizeObserver(([entry]) => {
      const w = Math.floor(entry?.contentRect.width ?? 0);
      if (w > 0) setWidth(w);
    });
    watch.observe(el);
    return () => watch.disconnect();
  }, []);
  return { ref, width };
}
