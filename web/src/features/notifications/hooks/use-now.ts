import { useEffect, useState } from 'react';

/** The time now, refreshed every `intervalMs` while mounted (so "5m ago" becomes "6m ago" on its own). */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
