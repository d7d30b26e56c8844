import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';

/** The soonest moment the next chart may be drawn: charts seen together are drawn one after another. */
let nextSlot = 0;
const SPACING_MS = 80;

/**
 * Draws a chart once its place is (nearly) on screen, in a task of its own: a page of charts does not freeze
 * while it draws charts no one sees yet (recharts measures every label; four charts took a second at once on the
 * reports page). Until then the chart's place is held at its height, so nothing below it moves. Without
 * IntersectionObserver (jsdom) the chart is drawn at once.
 */
export function ChartWhenSeen({ height, children }: { height: number; children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const el = place.current;
    if (seen || !el) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        const now = performance.now();
        nextSlot = Math.max(now, nextSlot) + SPACING_MS;
        timer = setTimeout(() => startTransition(() => setSeen(true)), nextSlot - SPACING_MS - now);
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [seen]);

  return seen ? children : <div ref={place} style={{ height }} data-chart-pending />;
}
