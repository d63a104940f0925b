import { useEffect, useRef, useState } from 'react';
import { counterValueAt, shouldAnimateCount } from '../lib/counter';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Counts up to the first total it sees (about 1.5 s, in steps of 1 to 5, only for 10..100000). Later totals (the
 * 60 s poll) are shown as they are: re-running the count-up for a kit or two would only distract.
 */
export function useCountUp(total: number | undefined): number | undefined {
  const animated = useRef(false);
  const [shown, setShown] = useState<number | undefined>(undefined);

  useEffect(() => {
    if (total === undefined) return;
    if (animated.current || !shouldAnimateCount(total) || prefersReducedMotion()) {
      animated.current = true;
      setShown(total);
      return;
    }
    const start = performance.now();
    let frame = 0;
    const tick = (now: number) => {
      const value = counterValueAt(total, now - start);
      setShown(value);
      if (value < total) frame = requestAnimationFrame(tick);
      else animated.current = true;
    };
    frame = requestAnimationFrame(tick);
    // An interrupted count-up (a newer total, or StrictMode's re-run) starts again from the effect's next run.
    return () => cancelAnimationFrame(frame);
  }, [total]);

  return shown;
}
