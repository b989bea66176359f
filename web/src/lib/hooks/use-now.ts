import { useEffect, useState } from 'react';

/**
 * The time now, in ms, refreshed every `intervalMs` while `active` (so "5m ago" becomes "6m ago", a countdown
 * ticks). It catches up at once when it becomes active again: the clock stood still meanwhile.
 */
export function useNow(intervalMs: number, active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const tick = () => setNow(Date.now());
    const timer = setInterval(tick, intervalMs);
    const first = setTimeout(tick, 0);
    return () => {
      clearInterval(timer);
      clearTimeout(first);
    };
  }, [active, intervalMs]);
  return now;
}
