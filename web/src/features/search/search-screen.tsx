import { LocateFixed } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import type { User } from '@/lib/session';
import { SearchFailed } from './api/search';
import type { Person, Position, Project, SearchProject } from './api/types';
import { DiscoveryReady } from './components/discovery-ready';
import { NearbyCarousel } from './components/nearby-carousel';
import { ProjectDialog } from './components/project-dialog';
import { RecentSearches, Suggestions } from './components/query-chips';
import { SearchBox } from './components/search-box';
import { SearchResults } from './components/search-results';
import { useConnect } from './hooks/use-connect';
import { type DevicePosition, useDevicePosition } from './hooks/use-device-position';
import { useDiscoverySearch } from './hooks/use-discovery-search';
import { useNearbyPeople } from './hooks/use-nearby-people';
import { useRecentSearches } from './hooks/use-recent-searches';
import { usePrefersReducedMotion } from '@/lib/hooks/use-reduced-motion';
import { useSaveDevicePosition } from './hooks/use-save-device-position';
import { ownerName, personName } from './lib/people';

/** Typing searches once it has paused this long; Enter searches at once. */
export const TYPING_DEBOUNCE_MS = 450;

/** The signed-in user's stored position, when their record carries one (API: `lat`, `lng`). */
function profilePosition(user: User): Position | null {
  const placed = user as User & { lat?: unknown; lng?: unknown };
  return typeof placed.lat === 'number' && typeof placed.lng === 'number'
    ? { lat: placed.lat, lng: placed.lng }
    : null;
}

/** The query in the address (`/search?q=…`), trimmed. */
function useUrlQuery(): [string, (q: string) => void] {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const q = (new URLSearchParams(search).get('q') ?? '').trim();
  const setQ = useCallback(
    (next: string) => {
      const trimmed = next.trim();
      navigate(trimmed ? `${path}?${new URLSearchParams({ q: trimmed }).toString()}` : path, {
        replace: true,
      });
    },
    [navigate, path],
  );
  return [q, setQ];
}

/**
 * Discovery search, /search (spec 001 §2.2, §4, §5, §8, §9). With no query: recent searches, then "Who's near
 * you?" (people nearest first, measured from the profile's position: the device's once the person has tapped "Use
 * my current location", which saves it, else their city's) or 'AI Discovery Ready'. The browser is asked for a
 * position only on that tap, never when the screen opens. With a query: smart search, then simple search when smart finds nothing; people and projects with
 * CONNECT / COLLABORATE / SENT; a project's dialog.
 */
export default function SearchScreen({ user }: { user: User }) {
  const [q, setQ] = useUrlQuery();
  const [text, setText] = useState(q);
  const input = useRef<HTMLInputElement>(null);
  const typing = useRef<number | null>(null);
  const recent = useRecentSearches(user.id);
  const savePosition = useSaveDevicePosition();
  const device = useDevicePosition(savePosition.mutate);
  const reducedMotion = usePrefersReducedMotion();
  const connector = useConnect(user.id);
  const [open, setOpen] = useState<SearchProject | Project | null>(null);

  const fromProfile = profilePosition(user);
  const nearbyFrom = device.position ?? fromProfile;
  const nearby = useNearbyPeople(q === '' ? nearbyFrom : null);
  const search = useDiscoverySearch(q, device.position);

  const cancelTyping = () => {
    if (typing.current !== null) clearTimeout(typing.current);
    typing.current = null;
  };
  useEffect(() => cancelTyping, []);

  /** Runs `value` now (Enter, a chip) and remembers it on this device. */
  const runNow = (value: string) => {
    cancelTyping();
    setText(value);
    setQ(value);
    if (value.trim()) recent.add(value);
  };

  const onType = (value: string) => {
    setText(value);
    cancelTyping();
    typing.current = window.setTimeout(() => setQ(value), TYPING_DEBOUNCE_MS);
  };

  const onSubmit = () => {
    runNow(text);
    if (text.trim()) input.current?.blur();
  };

  const onClear = () => {
    cancelTyping();
    setText('');
    setQ('');
    input.current?.focus();
  };

  const pick = (value: string) => {
    runNow(value);
    window.scrollTo?.({ top: 0 });
  };

  /** Acting on a result keeps its question among the recent ones. */
  const remember = () => {
    if (q) recent.add(q);
  };

  const connectPerson = (person: Person) => {
    remember();
    connector.send({ kind: 'person', userId: person.id }, personName(person));
  };
  const collaborate = (project: Pick<Project, 'id' | 'title'>) => {
    remember();
    connector.send({ kind: 'project', projectId: project.id }, project.title);
  };
  const connectOwner = (project: Project) => {
    remember();
    connector.send({ kind: 'person', userId: project.ownerId }, ownerName(project));
  };

  const suggestions = <Suggestions onPick={pick} />;
  const searching = q !== '';
  const status = search.isPending ? 'loading' : search.isError && !search.data ? 'error' : 'done';

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h2 className="font-display text-2xl font-extrabold leading-tight tracking-tight">
          Find your people
        </h2>
        <p className="text-sm text-muted-foreground">
          Ask for a skill, a role, a place or a kind of project, in your own words.
        </p>
      </div>
      <div className="-mt-3">
        <SearchBox
          ref={input}
          value={text}
          onChange={onType}
          onSubmit={onSubmit}
          onClear={onClear}
          busy={searching && search.isFetching}
        />
      </div>

      {searching ? (
        <SearchResults
          status={status}
          answer={search.data}
          errorMessage={
            search.error instanceof SearchFailed ? search.error.message : 'AI search failed: no answer'
          }
          refreshing={search.isFetching}
          onRetry={() => void search.refetch()}
          personState={(person) => connector.personState(person.id)}
          projectState={connector.projectState}
          onConnect={connectPerson}
          onCollaborate={collaborate}
          onOpenProject={(project) => {
            remember();
            setOpen(project);
          }}
          suggestions={suggestions}
        />
      ) : (
        <>
          <RecentSearches recent={recent.recent} onPick={pick} onClear={recent.clear} />
          {nearbyFrom === null && device.status === 'locating' ? (
            <NearbySkeleton />
          ) : nearbyFrom !== null && nearby.isPending ? (
            <NearbySkeleton />
          ) : nearby.isError ? (
            <DiscoveryReady note="We couldn't load the people near you just now.">
              <div className="flex flex-col items-center gap-4">
                <Button variant="outline" onClick={() => void nearby.refetch()}>
                  Retry
                </Button>
                {suggestions}
              </div>
            </DiscoveryReady>
          ) : nearbyFrom !== null && nearby.data && nearby.data.length > 0 ? (
            <>
              <NearbyCarousel
                people={nearby.data}
                from={device.position ? 'device' : 'profile'}
                reducedMotion={reducedMotion}
                stateOf={(person) => connector.personState(person.id)}
                onConnect={connectPerson}
              />
              <UseMyLocation device={device} />
              {suggestions}
            </>
          ) : (
            <DiscoveryReady
              note={device.status === 'unavailable' ? 'Location access denied or unavailable' : undefined}
            >
              <div className="flex flex-col gap-4">
                <UseMyLocation device={device} />
                {suggestions}
              </div>
            </DiscoveryReady>
          )}
        </>
      )}

      {open && (
        <ProjectDialog
          projectId={open.id}
          initial={open}
          ownerState={(project) =>
            project.ownerId === user.id ? 'own' : connector.personState(project.ownerId)
          }
          projectState={connector.projectState}
          onConnectOwner={connectOwner}
          onCollaborate={collaborate}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}

/** "Use my current location": the one place the browser is asked where the person is (API.md "Nearby"). */
function UseMyLocation({ device }: { device: DevicePosition & { locate: () => void } }) {
  if (device.status === 'unsupported' || device.status === 'located') return null;
  const locating = device.status === 'locating';
  return (
    <Button variant="outline" size="sm" className="self-center" onClick={device.locate} loading={locating}>
      {!locating && <LocateFixed aria-hidden />}
      {locating ? 'Finding your location...' : 'Use my current location'}
    </Button>
  );
}

function NearbySkeleton() {
  return (
    <div aria-busy="true" aria-label="Finding people near you" className="flex flex-col gap-3">
      <Skeleton className="h-7 w-44" />
      <div className="-mx-4 flex gap-3 overflow-hidden px-4">
        {[0, 1, 2].map((n) => (
          <div
            key={n}
            className="flex w-[11rem] shrink-0 flex-col items-center gap-2 rounded-2xl border border-border bg-card p-3.5"
          >
            <Skeleton className="size-16 rounded-full" />
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-4 w-16" />
            <Skeleton className="mt-2 h-11 w-full rounded-full" />
          </div>
        ))}
      </div>
    </div>
  );
}
