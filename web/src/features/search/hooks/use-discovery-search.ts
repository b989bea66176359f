import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '@/lib/toast';
import { SearchFailed, searchQuery } from '../api/search';
import type { Position } from '../api/types';
import { searchFailedToast } from '../lib/announce';

/**
 * The search for `q` (already trimmed; nothing runs for '' — spec 001 §5), smart first then simple (spec 001 §4),
 * retried once (§9). A failure shows the spec's toast once: 'AI search failed: {status}' or 'Simple search
 * failed: {status}' (§8).
 */
export function useDiscoverySearch(q: string, position: Position | null) {
  const query = useQuery({
    ...searchQuery(q, position),
    enabled: q !== '',
    // The same words asked again from a new position keep their results on screen while the new ones come.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1]?.q === q ? previous : undefined,
  });
  const { error, errorUpdatedAt } = query;

  useEffect(() => {
    if (!error || errorUpdatedAt === 0) return;
    const message = error instanceof SearchFailed ? error.message : 'AI search failed: no answer';
    toast(searchFailedToast(message));
  }, [error, errorUpdatedAt]);

  return query;
}
