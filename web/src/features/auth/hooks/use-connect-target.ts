import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { parseConnectTarget } from '../lib/connect-target';

/** The `?connect=` target of the page. `?auto=` is deliberately never read (no login backdoor). */
export function useConnectTarget() {
  const search = useSearch();
  return useMemo(() => parseConnectTarget(search), [search]);
}
