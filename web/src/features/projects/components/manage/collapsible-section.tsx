import { ChevronDown, type LucideIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * One of the management view's five collapsible sections (spec 001 §2.5): a card whose heading is the button that
 * opens and closes it (`aria-expanded`), with a one-line summary under the title and an action heading its panel.
 */
export function CollapsibleSection({
  title,
  icon: Icon,
  tone,
  summary,
  action,
  defaultOpen = true,
  forceOpen = false,
  children,
}: {
  title: string;
  icon: LucideIcon;
  /** Classes of the icon chip. */
  tone: string;
  summary?: ReactNode;
  action?: ReactNode;
  defaultOpen?: boolean;
  /** Kept open (and its toggle disabled) while something in it needs to be seen, e.g. the edit form. */
  forceOpen?: boolean;
  children: ReactNode;
}) {
  const [chosen, setOpen] = useState(defaultOpen);
  const open = chosen || forceOpen;
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-border bg-card text-card-foreground shadow-soft"
    >
      <div className="p-2">
        <h3 id={`${id}-title`} className="min-w-0 flex-1">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={`${id}-panel`}
            aria-disabled={forceOpen || undefined}
            onClick={() => !forceOpen && setOpen(!open)}
            className="flex min-h-13 w-full items-center gap-3 rounded-xl p-2 text-left transition-colors hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-ring"
          >
            <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-xl', tone)}>
              <Icon className="size-5" strokeWidth={2.25} aria-hidden />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-display text-base font-extrabold leading-tight tracking-tight">
                {title}
              </span>
              {summary && (
                <span className="block truncate text-xs font-medium text-muted-foreground">{summary}</span>
              )}
            </span>
            <ChevronDown
              className={cn(
                'size-5 shrink-0 text-muted-foreground transition-transform duration-200',
                open && 'rotate-180',
              )}
              aria-hidden
            />
          </button>
        </h3>
      </div>
      <div id={`${id}-panel`} hidden={!open} className="border-t border-border/70 px-4 pb-4 pt-4">
        {action && <div className="mb-4">{action}</div>}
        {children}
      </div>
    </section>
  );
}
