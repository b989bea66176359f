import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { anySwipesQuery, deckQuery } from '../api/explore';
import type { DeckFilters, Project } from '../api/types';
import { deckCards, shouldPrefetch } from '../lib/deck';

/** Cards mounted on the deck: the top one, the next (stacked behind) and one more, hidden, already loading. */
export const MOUNTED_CARDS = 3;
/** Cards after the mounted ones whose images are fetched ahead. */
const PRELOADED_IMAGES = 3;

export type DeckState =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | { status: 'cards'; cards: Project[] }
  | { status: 'empty' }
  | { status: 'end' };

/**
 * The deck (spec 001 §2.1, §4): its cards in order, the next page fetched before the end and the next cards'
 * images fetched ahead, so the card behind is always ready. Once nothing is left it tells 'empty' (nothing was
 * ever swiped) from 'end' (everything was).
 */
export function useDeck(filters: DeckFilters): DeckState {
  const query = useInfiniteQuery(deckQuery(filters));
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage, isPending, isError, refetch } = query;
  const cards = useMemo(() => deckCards(data?.pages), [data]);

  const waitingForMore = cards.length === 0 && hasNextPage;
  useEffect(() => {
    if (isPending || isError) return;
    if (shouldPrefetch(cards.length, hasNextPage, isFetchingNextPage)) void fetchNextPage();
  }, [cards.length, hasNextPage, isFetchingNextPage, fetchNextPage, isPending, isError]);

  useEffect(() => {
    for (const project of cards.slice(MOUNTED_CARDS, MOUNTED_CARDS + PRELOADED_IMAGES)) {
      const url = project.imageUrls[0];
      if (url) new Image().src = url;
    }
  }, [cards]);

  const finished = !isPending && !isError && cards.length === 0 && !hasNextPage;
  const swipes = useQuery({ ...anySwipesQuery(), enabled: finished });

  if (isPending || waitingForMore) return { status: 'loading' };
  if (isError && cards.length === 0) return { status: 'error', retry: () => void refetch() };
  if (cards.length > 0) return { status: 'cards', cards };
  if (swipes.isPending) return { status: 'loading' };
  // Unsure whether anything was swiped (the call failed): the end-of-deck state offers Start Over either way.
  return swipes.data && swipes.data.length === 0 ? { status: 'empty' } : { status: 'end' };
}
