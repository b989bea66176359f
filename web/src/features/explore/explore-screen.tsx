import { Compass, PartyPopper, RotateCcw, SlidersHorizontal, TriangleAlert } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import type { User } from '@/lib/session';
import { NO_FILTERS, type DeckFilters, type Project } from './api/types';
import { ExploreDialogs, preloadExploreDialogs } from './components/explore-dialogs';
import { SwipeDeck, type SwipeOutcome } from './components/swipe-deck';
import { useDeck } from './hooks/use-deck';
import { useResetSwipes, useSwipe } from './hooks/use-deck-actions';
import { useDialogStack } from './hooks/use-dialog-stack';
import { usePrefersReducedMotion } from '@/lib/hooks/use-reduced-motion';
import type { SwipeDirection } from './lib/swipe';

/**
 * Explore, the home screen (spec 001 §2.1): the swipe deck of published projects, with the filter panel, the
 * supported projects, a project's details and, for investors, the pledge dialog.
 */
export default function ExploreScreen({ user }: { user: User }) {
  const [filters, setFilters] = useState<DeckFilters>(NO_FILTERS);
  const deck = useDeck(filters);
  const dialogs = useDialogStack();
  const swipes = useSwipe();
  const reset = useResetSwipes();
  const reducedMotion = usePrefersReducedMotion();
  const isInvestor = user.role === 'investor';
  const activeFilters = Number(filters.category !== '') + Number(filters.lookingFor !== '');
  const hasCards = deck.status === 'cards';

  // Once the deck is up, the dialogs' chunks are fetched in the background.
  useEffect(() => {
    if (!hasCards) return;
    const timer = window.setTimeout(preloadExploreDialogs, 1200);
    return () => clearTimeout(timer);
  }, [hasCards]);

  const onSwipe = (direction: SwipeDirection, project: Project): SwipeOutcome => {
    if (direction === 'up') {
      dialogs.open({ kind: 'supported' });
      return 'stay';
    }
    if (direction === 'right' && isInvestor) {
      dialogs.open({ kind: 'pledge', project, fromDeck: true });
      return 'stay';
    }
    return 'fly';
  };

  const clearFilters = () => setFilters(NO_FILTERS);
  const clearFiltersButton = activeFilters > 0 && (
    <Button variant="outline" onClick={clearFilters}>
      CLEAR FILTERS
    </Button>
  );

  return (
    // The deck fills the screen above the navigation, and above the Enable Notifications card while it shows.
    <div className="-mx-4 -mt-2 flex h-[calc(100dvh-10rem-env(safe-area-inset-top)-env(safe-area-inset-bottom)-var(--push-prompt-space,0px))] max-h-[52rem] min-h-[34rem] flex-col gap-3 overflow-clip px-4 pt-2 sm:h-[calc(100dvh-12rem-var(--push-prompt-space,0px))]">
      <div className="flex items-end justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-muted-foreground">
            Hey {user.firstName.trim() || user.username}!
          </p>
          <h2 className="font-display text-2xl font-extrabold leading-tight tracking-tight">
            Discover projects
          </h2>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => dialogs.open({ kind: 'filters' })}
          aria-label={activeFilters > 0 ? `Filter, ${activeFilters} active` : 'Filter'}
          className="shrink-0 rounded-full px-4"
        >
          <SlidersHorizontal aria-hidden />
          Filter
          {activeFilters > 0 && (
            <span
              aria-hidden
              className="-mr-1 inline-flex size-5 items-center justify-center rounded-full bg-primary text-[0.6875rem] font-bold text-primary-foreground"
            >
              {activeFilters}
            </span>
          )}
        </Button>
      </div>

      {deck.status === 'loading' && <DeckSkeleton />}
      {deck.status === 'error' && (
        <DeckMessage
          icon={<TriangleAlert className="size-8" aria-hidden />}
          title="Couldn't load projects"
          text="Something went wrong while fetching the deck."
        >
          <Button onClick={deck.retry}>Retry</Button>
        </DeckMessage>
      )}
      {deck.status === 'empty' && (
        <DeckMessage
          icon={<Compass className="size-8" aria-hidden />}
          title="No projects to explore yet"
          text="Check back later for creative projects"
        >
          {clearFiltersButton}
        </DeckMessage>
      )}
      {deck.status === 'end' && (
        <DeckMessage
          icon={<PartyPopper className="size-8" aria-hidden />}
          title="You've seen all projects!"
          text={
            activeFilters > 0
              ? 'Nothing else matches your filters. Start over to see them again, or clear the filters.'
              : 'Start over to see them all again, or come back later for new ones.'
          }
        >
          <Button onClick={() => reset.mutate()} loading={reset.isPending}>
            <RotateCcw aria-hidden />
            Start Over
          </Button>
          {clearFiltersButton}
        </DeckMessage>
      )}
      {deck.status === 'cards' && (
        <SwipeDeck
          cards={deck.cards}
          reducedMotion={reducedMotion}
          rightPledges={isInvestor}
          onSwipe={onSwipe}
          onGone={(direction, project) =>
            direction === 'right' ? swipes.support(project) : swipes.pass(project)
          }
          onOpen={(project) => dialogs.open({ kind: 'detail', projectId: project.id, project })}
        />
      )}

      <ExploreDialogs
        dialogs={dialogs}
        user={user}
        filters={filters}
        onFiltersChange={setFilters}
        onPledged={(project, fromDeck) => {
          if (fromDeck) swipes.pledged(project);
        }}
      />
    </div>
  );
}

function DeckSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading projects" className="flex min-h-0 flex-1 flex-col gap-4">
      <div className="flex min-h-0 flex-1 flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-soft">
        <Skeleton className="min-h-0 flex-[1.2] rounded-none" />
        <div className="flex flex-1 flex-col gap-2.5 p-4">
          <Skeleton className="h-5 w-24 rounded-full" />
          <Skeleton className="h-7 w-3/4" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
        </div>
      </div>
      <div className="flex items-start justify-center gap-6 pb-6">
        <Skeleton className="size-[3.75rem] rounded-full" />
        <Skeleton className="mt-2 size-12 rounded-full" />
        <Skeleton className="size-[3.75rem] rounded-full" />
      </div>
    </div>
  );
}

function DeckMessage({
  icon,
  title,
  text,
  children,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <section
      aria-labelledby="deck-message-title"
      className="flex min-h-0 flex-1 flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed border-border bg-card/60 px-6 py-10 text-center"
    >
      <span className="flex size-16 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-foreground">
        {icon}
      </span>
      <h3 id="deck-message-title" className="font-display text-xl font-extrabold">
        {title}
      </h3>
      <p className="max-w-xs text-sm text-muted-foreground">{text}</p>
      {children && <div className="mt-2 flex flex-wrap justify-center gap-2">{children}</div>}
    </section>
  );
}
