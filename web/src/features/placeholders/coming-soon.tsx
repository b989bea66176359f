import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Sparkles } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

export interface ComingSoonProps {
  icon: LucideIcon;
  /** Small uppercase line above the heading. */
  eyebrow: string;
  heading: string;
  text: string;
  /** What this screen will hold. */
  upcoming: string[];
  /** Tailwind classes for the illustration tile (background + text colour). */
  tone?: string;
  children?: ReactNode;
}

/** A designed "on its way" panel for screens that later issues build. */
export function ComingSoon({
  icon: Icon,
  eyebrow,
  heading,
  text,
  upcoming,
  tone,
  children,
}: ComingSoonProps) {
  return (
    <section className="flex flex-col items-center pt-6 text-center" aria-labelledby="coming-soon-heading">
      <div className="relative mb-6">
        <span aria-hidden className="absolute -left-4 -top-3 size-6 rotate-12 rounded-lg bg-coin/80" />
        <span
          aria-hidden
          className="absolute -bottom-2 -right-5 size-8 -rotate-12 rounded-full bg-phase-3/70"
        />
        <span
          className={cn(
            'relative flex size-28 items-center justify-center rounded-[2rem] shadow-lift animate-pop',
            tone ?? 'bg-primary text-primary-foreground',
          )}
        >
          <Icon className="size-14" strokeWidth={1.75} aria-hidden />
        </span>
      </div>
      <p className="font-display text-xs font-bold uppercase tracking-[0.2em] text-primary">{eyebrow}</p>
      <h2 id="coming-soon-heading" className="mt-1 font-display text-3xl font-extrabold">
        {heading}
      </h2>
      <p className="mt-2 max-w-sm text-muted-foreground">{text}</p>
      {children}
      <Card className="mt-6 w-full p-4 text-left">
        <p className="mb-2 flex items-center gap-1.5 font-display text-xs font-bold uppercase tracking-widest text-muted-foreground">
          <Sparkles className="size-4 text-coin-ink" aria-hidden /> Coming next
        </p>
        <ul className="space-y-2">
          {upcoming.map((item) => (
            <li key={item} className="flex items-start gap-2.5 text-sm">
              <span aria-hidden className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" />
              {item}
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}
