import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * 'AI Discovery Ready' (spec 001 §2.2): shown with no query when there is nobody nearby to show. It says what the
 * search understands; `children` holds the example questions.
 */
export function DiscoveryReady({ note, children }: { note?: string; children?: ReactNode }) {
  return (
    <section
      aria-labelledby="discovery-ready-heading"
      className="relative flex flex-col items-center overflow-hidden rounded-3xl border border-border bg-card px-5 pb-6 pt-8 text-center shadow-soft"
    >
      <span aria-hidden className="absolute -left-6 -top-6 size-24 rounded-full bg-primary-soft" />
      <span aria-hidden className="absolute -bottom-8 -right-6 size-28 rounded-full bg-phase-2/60" />
      <span className="relative mb-4 flex size-20 items-center justify-center rounded-[1.75rem] bg-gradient-to-br from-brand-violet to-innovator text-on-solid shadow-lift animate-pop">
        <Sparkles className="size-10" strokeWidth={1.75} aria-hidden />
      </span>
      <h2
        id="discovery-ready-heading"
        className="relative font-display text-2xl font-extrabold tracking-tight"
      >
        AI Discovery Ready
      </h2>
      <p className="relative mt-2 max-w-xs text-[0.9375rem] text-muted-foreground">
        Ask in your own words: a skill, a role, a place or what a project needs. Grow works out what you mean.
      </p>
      {note && <p className="relative mt-3 text-xs font-semibold text-muted-foreground">{note}</p>}
      {children && <div className="relative mt-5 w-full text-left">{children}</div>}
    </section>
  );
}
