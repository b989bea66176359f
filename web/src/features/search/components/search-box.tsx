import { ArrowRight, Search, X } from 'lucide-react';
import { forwardRef, type FormEvent } from 'react';
import { cn } from '@/lib/cn';

/** The natural-language placeholder (spec 001 §2.2: it suggests asking a question). */
export const SEARCH_PLACEHOLDER = 'Try "React developers in London"';

const iconButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/**
 * The search box: a labelled search field in a `search` landmark. Enter (or the arrow) searches at once; the
 * screen also searches a moment after typing stops. × clears it.
 */
export const SearchBox = forwardRef<
  HTMLInputElement,
  {
    value: string;
    onChange: (value: string) => void;
    onSubmit: () => void;
    onClear: () => void;
    busy?: boolean;
  }
>(({ value, onChange, onSubmit, onClear, busy = false }, ref) => {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form
      role="search"
      onSubmit={submit}
      className="group flex items-center gap-1 rounded-2xl border-2 border-input bg-card py-1 pl-3 pr-1 shadow-soft transition-[border-color,box-shadow] focus-within:border-ring focus-within:ring-4 focus-within:ring-ring/20"
    >
      <Search className="size-5 shrink-0 text-muted-foreground" aria-hidden />
      <label htmlFor="discovery-search" className="sr-only">
        Search people and projects
      </label>
      <input
        ref={ref}
        id="discovery-search"
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        autoCorrect="off"
        spellCheck={false}
        maxLength={200}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={SEARCH_PLACEHOLDER}
        aria-busy={busy || undefined}
        className="min-h-11 min-w-0 flex-1 bg-transparent px-1 text-base text-foreground outline-none placeholder:text-muted-foreground [&::-webkit-search-cancel-button]:hidden"
      />
      {value !== '' && (
        <button
          type="button"
          onClick={onClear}
          aria-label="Clear search"
          className={cn(iconButton, 'text-muted-foreground hover:bg-muted hover:text-foreground')}
        >
          <X className="size-5" aria-hidden />
        </button>
      )}
      <button
        type="submit"
        aria-label="Search"
        className={cn(iconButton, 'bg-primary text-primary-foreground shadow-soft hover:bg-primary-hover')}
      >
        <ArrowRight className="size-5" aria-hidden />
      </button>
    </form>
  );
});
SearchBox.displayName = 'SearchBox';
