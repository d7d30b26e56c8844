import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a list's `total` entries to render now: a first screenful at once, the rest `step` at a time in
 * the tasks after it. A list of 50 cards is then several short tasks instead of one long one, and the first
 * screen paints before the cards below it exist.
 */
export function useProgressiveCount(total: number, first = 12, step = 12): number {
  const [count, setCount] = useState(() => Math.min(total, first));
  useEffect(() => {
    if (count >= total) return;
    const id = setTimeout(() => startTransition(() => setCount((c) => Math.min(total, c + step))));
    return () => clearTimeout(id);
  }, [count, total, step]);
  return Math.min(count, total);
}
