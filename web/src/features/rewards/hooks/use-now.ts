import { useEffect, useState } from 'react';

/** The time now, in ms, ticking every second while `active` (a countdown's clock). */
export function useNow(active: boolean, intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const tick = () => setNow(Date.now());
    const id = setInterval(tick, intervalMs);
    // Catch up at once (the clock may have been paused while inactive).
    const first = setTimeout(tick, 0);
    return () => {
      clearInterval(id);
      clearTimeout(first);
    };
  }, [active, intervalMs]);
  return now;
}
