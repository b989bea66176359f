import { History, Sparkles, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** Questions to start from: what people type (issue #17's examples). */
export const SUGGESTIONS = [
  'React developers in London',
  'Designers near me who know Figma',
  'Fintech projects looking for an innovator',
  'Early-stage health projects',
  'Investors',
] as const;

const chip =
  'inline-flex min-h-11 max-w-full items-center gap-1.5 rounded-[1.375rem] border border-border bg-card px-3.5 py-1.5 text-left text-sm font-semibold text-foreground shadow-soft transition-colors hover:border-primary hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** A row of questions as buttons; a tap runs that search. */
function ChipList({
  queries,
  onPick,
  icon: Icon,
  label,
}: {
  queries: readonly string[];
  onPick: (query: string) => void;
  icon: typeof Sparkles;
  label: string;
}) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {queries.map((query) => (
        <li key={query} className="max-w-full">
          <button type="button" onClick={() => onPick(query)} className={chip}>
            <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            <span className="min-w-0 [overflow-wrap:anywhere]">{query}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The example questions, under a small heading. */
export function Suggestions({
  onPick,
  className,
  heading = 'Try asking',
}: {
  onPick: (query: string) => void;
  className?: string;
  heading?: string;
}) {
  return (
    <section aria-labelledby="suggestions-heading" className={cn('flex flex-col gap-2.5', className)}>
      <h2
        id="suggestions-heading"
        className="font-display text-xs font-bold uppercase tracking-[0.14em] text-muted-foreground"
      >
        {heading}
      </h2>
      <ChipList queries={SUGGESTIONS} onPick={onPick} icon={Sparkles} label="Example searches" />
    </section>
  );
}

/** This device's recent searches (newest first), each a tap away, and Clear. Nothing when there are none. */
export function RecentSearches({
  recent,
  onPick,
  onClear,
}: {
  recent: readonly string[];
  onPick: (query: string) => void;
  onClear: () => void;
}) {
  if (recent.length === 0) return null;
  return (
    <section aria-labelledby="recent-heading" className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h2
          id="recent-heading"
          className="font-display text-xs font-bold uppercase tracking-[0.14em] text-muted-foreground"
        >
          Recent searches
        </h2>
        <Button variant="ghost" size="sm" onClick={onClear} className="-mr-2 text-muted-foreground">
          <Trash2 aria-hidden />
          Clear
          <span className="sr-only"> recent searches</span>
        </Button>
      </div>
      <ChipList queries={recent} onPick={onPick} icon={History} label="Recent searches" />
    </section>
  );
}
