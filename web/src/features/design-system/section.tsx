import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section className="space-y-3">
      <div>
        <h2 className="font-display text-lg font-bold">{title}</h2>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {children}
    </section>
  );
}

/** Shows its children twice: once in the light theme and once in the dark theme, whatever the system says. */
export function BothThemes({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {(['light', 'dark'] as const).map((theme) => (
        <div
          key={theme}
          className={cn(
            `theme-${theme}`,
            'rounded-2xl border border-border bg-background p-4 text-foreground',
            className,
          )}
        >
          <p className="mb-3 font-display text-xs font-bold uppercase tracking-widest text-muted-foreground">
            {theme}
          </p>
          {children}
        </div>
      ))}
    </div>
  );
}
