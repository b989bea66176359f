import { SearchX, Sparkles, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import type { SearchAnswer } from '../api/search';
import type { Person, SearchProject } from '../api/types';
import type { ConnectState } from '../hooks/use-connect';
import { PersonCard } from './person-card';
import { ProjectResultCard } from './project-result-card';

export interface SearchResultsProps {
  status: 'loading' | 'error' | 'done';
  answer: SearchAnswer | undefined;
  /** The failure in the spec's words ('AI search failed: 503'). */
  errorMessage?: string;
  /** A newer search is on its way while these results show. */
  refreshing?: boolean;
  onRetry: () => void;
  personState: (person: Person) => ConnectState;
  projectState: (project: SearchProject) => ConnectState;
  onConnect: (person: Person) => void;
  onCollaborate: (project: SearchProject) => void;
  onOpenProject: (project: SearchProject) => void;
  /** The example questions, shown when nothing was found. */
  suggestions: ReactNode;
}

const grid = 'grid grid-cols-1 gap-3 sm:grid-cols-2';

function count(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * With a query (spec 001 §2.2): a spinner while searching, then what was understood (`smartResponse`) and the
 * people and projects found in grids, or 'No results found'.
 */
export function SearchResults(props: SearchResultsProps) {
  const { status, answer } = props;
  if (status === 'loading' && !answer)
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <div className="flex items-center gap-2.5 py-1 text-sm font-semibold text-muted-foreground">
          <Spinner size="sm" label="" className="text-primary" />
          <span role="status">Searching…</span>
        </div>
        <div className={grid}>
          {[0, 1, 2].map((n) => (
            <div key={n} className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-4">
              <div className="flex items-center gap-3">
                <Skeleton className="size-12 rounded-full" />
                <div className="flex flex-1 flex-col gap-2">
                  <Skeleton className="h-4 w-2/3" />
                  <Skeleton className="h-4 w-1/3" />
                </div>
              </div>
              <Skeleton className="h-6 w-4/5" />
            </div>
          ))}
        </div>
      </div>
    );

  if (status === 'error' && !answer)
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-border bg-card px-6 py-10 text-center">
        <TriangleAlert className="size-8 text-destructive" aria-hidden />
        <h2 className="font-display text-xl font-bold">Search failed</h2>
        <p className="text-sm text-muted-foreground">{props.errorMessage}</p>
        <Button variant="outline" onClick={props.onRetry}>
          Retry
        </Button>
      </div>
    );

  // Nothing met every part of the question: the nearest that meet part of it, which the sentence above names.
  const suggested =
    answer && answer.results.users.length + answer.results.projects.length === 0
      ? answer.suggestions
      : undefined;
  const shown = suggested ?? answer?.results;
  const users = shown?.users ?? [];
  const projects = shown?.projects ?? [];
  const summary = `${count(users.length, 'person', 'people')} and ${count(projects.length, 'project', 'projects')} ${suggested ? 'suggested instead' : 'found'}`;

  return (
    <div className="flex flex-col gap-5">
      <p role="status" className="sr-only">
        {users.length + projects.length === 0 ? 'Nothing found' : summary}
      </p>
      {answer?.smartResponse.trim() && (
        <div className="flex items-start gap-3 rounded-2xl bg-primary-soft px-4 py-3 text-primary-soft-foreground">
          <Sparkles className="mt-0.5 size-5 shrink-0" aria-hidden />
          <p className="text-[0.9375rem] font-medium leading-snug">{answer.smartResponse.trim()}</p>
          {props.refreshing && <Spinner size="sm" label="" className="ml-auto mt-0.5" />}
        </div>
      )}

      {users.length + projects.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-border px-6 py-10 text-center">
          <span className="mb-1 flex size-14 items-center justify-center rounded-2xl bg-muted text-muted-foreground">
            <SearchX className="size-7" aria-hidden />
          </span>
          <h2 className="font-display text-xl font-bold">No results found</h2>
          <p className="max-w-xs text-sm text-muted-foreground">
            Try a different search term or be more specific with your request
          </p>
          <div className="mt-4 w-full text-left">{props.suggestions}</div>
        </div>
      ) : (
        <>
          {suggested && (
            <p className="-mb-2 text-sm font-semibold text-muted-foreground">
              Nothing matches every word yet: the nearest suggestions
            </p>
          )}
          {users.length > 0 && (
            <section aria-labelledby="people-heading" className="flex flex-col gap-3">
              <h2
                id="people-heading"
                className="flex items-baseline gap-2 font-display text-lg font-extrabold"
              >
                People
                <span className="text-sm font-semibold text-muted-foreground">{users.length}</span>
              </h2>
              <div className={grid}>
                {users.map((person) => (
                  <PersonCard
                    key={person.id}
                    person={person}
                    state={props.personState(person)}
                    onConnect={() => props.onConnect(person)}
                  />
                ))}
              </div>
            </section>
          )}
          {projects.length > 0 && (
            <section aria-labelledby="projects-heading" className="flex flex-col gap-3">
              <h2
                id="projects-heading"
                className="flex items-baseline gap-2 font-display text-lg font-extrabold"
              >
                Projects
                <span className="text-sm font-semibold text-muted-foreground">{projects.length}</span>
              </h2>
              <div className={grid}>
                {projects.map((project) => (
                  <ProjectResultCard
                    key={project.id}
                    project={project}
                    state={props.projectState(project)}
                    onOpen={() => props.onOpenProject(project)}
                    onCollaborate={() => props.onCollaborate(project)}
                  />
                ))}
              </div>
            </section>
          )}
        </>
      )}
    </div>
  );
}
