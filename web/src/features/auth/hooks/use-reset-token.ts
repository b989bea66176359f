import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { addressWithoutResetToken, parseResetToken } from '../lib/reset-link';

/**
 * The `?reset={token}` of the page, and `clear()` which takes it out of the address bar without a new
 * history entry (wouter's replace navigation is `history.replaceState`), so a reload or Back does not
 * offer a used link again.
 */
export function useResetToken(): { token: string | null; clear: () => void } {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const token = useMemo(() => parseResetToken(search), [search]);
  const clear = useCallback(
    () => navigate(addressWithoutResetToken(path, search), { replace: true }),
    [navigate, path, search],
  );
  return { token, clear };
}
