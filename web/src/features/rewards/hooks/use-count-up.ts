import { useEffect, useRef, useState } from 'react';
import { usePrefersReducedMotion } from '@/lib/hooks/use-reduced-motion';

export const COUNT_UP_MS = 900;

/**
 * A number that counts up (or down) to `value` whenever it changes, easing out over `duration` ms: the coin
 * count-up of shared/STYLE.md. The first value shows as it is, unless `from` says where to start. Under
 * prefers-reduced-motion it is always `value`.
 */
export function useCountUp(
  value: number,
  { from, duration = COUNT_UP_MS }: { from?: number; duration?: number } = {},
) {
  const reduced = usePrefersReducedMotion();
  const [shown, setShown] = useState(from ?? value);
  const shownRef = useRef(from ?? value);

  useEffect(() => {
    if (reduced) return;
    const start = shownRef.current;
    if (start === value) return;
    let frame = 0;
    let began: number | null = null;
    const step = (now: number) => {
      began ??= now;
      const t = Math.min(1, (now - began) / duration);
      const eased = 1 - (1 - t) ** 3;
      const next = t >= 1 ? value : Math.round(start + (value - start) * eased);
      shownRef.current = next;
      setShown(next);
      if (t < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [value, reduced, duration]);

  if (reduced) return value;
  return shown;
}
