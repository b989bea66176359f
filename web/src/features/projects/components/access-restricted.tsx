import { Compass, LockKeyhole, Sparkles } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** The explorer's projects screen (spec 001 §2.3, §6): browse only, with the way to upgrade. */
export function AccessRestricted() {
  return (
    <section
      aria-labelledby="access-restricted"
      className="overflow-hidden rounded-2xl border border-border bg-card text-center shadow-soft"
    >
      <div className="relative bg-explorer-soft px-6 pb-8 pt-10 text-explorer-ink">
        <span className="mx-auto flex size-20 items-center justify-center rounded-3xl bg-explorer text-on-solid shadow-lift">
          <LockKeyhole className="size-10" aria-hidden />
        </span>
        <h2 id="access-restricted" className="mt-5 font-display text-3xl font-extrabold tracking-tight">
          Access Restricted
        </h2>
        <p className="mx-auto mt-2 max-w-xs text-sm font-medium">
          Explorers can browse and discover projects, but can&apos;t create or manage them.
        </p>
      </div>
      <div className="space-y-4 p-6">
        <ul className="space-y-2 text-left text-sm">
          <li className="flex items-start gap-2">
            <Compass className="mt-0.5 size-4 shrink-0 text-explorer-ink" aria-hidden />
            Keep exploring projects and supporting the ones you love.
          </li>
          <li className="flex items-start gap-2">
            <Sparkles className="mt-0.5 size-4 shrink-0 text-innovator-ink" aria-hidden />
            Upgrade to Innovator to create projects, or to Collaborator to work on them.
          </li>
        </ul>
        <Link href="/profile" className={cn(buttonVariants({ size: 'lg' }), 'w-full')}>
          Upgrade Account
        </Link>
      </div>
    </section>
  );
}
