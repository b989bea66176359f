import { Compass, PiggyBank, TrendingUp } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/**
 * The investor's /create (spec 001 §2.6 Investment Portfolio) arrives with investing: until then an honest note
 * of what will be here, with no made-up figures.
 */
export function PortfolioNotice() {
  return (
    <section
      aria-labelledby="portfolio-title"
      className="overflow-hidden rounded-2xl border border-border bg-card shadow-soft"
    >
      <div className="bg-investor-soft px-6 pb-7 pt-8 text-investor-ink">
        <span className="flex size-16 items-center justify-center rounded-2xl bg-investor text-on-solid shadow-lift">
          <TrendingUp className="size-8" aria-hidden />
        </span>
        <h2 id="portfolio-title" className="mt-4 font-display text-3xl font-extrabold tracking-tight">
          Investment Portfolio
        </h2>
        <p className="mt-1 text-sm font-medium">Your portfolio arrives with investing.</p>
      </div>
      <div className="space-y-4 p-6">
        <p className="text-sm text-muted-foreground">
          Pledging isn&apos;t open yet. When it is, the projects you back, your pledges and what you have
          invested will be gathered here.
        </p>
        <ul className="space-y-2 text-sm">
          <li className="flex items-start gap-2">
            <PiggyBank className="mt-0.5 size-4 shrink-0 text-investor-ink" aria-hidden />
            Active investments, pending pledges and completed ones, side by side.
          </li>
          <li className="flex items-start gap-2">
            <Compass className="mt-0.5 size-4 shrink-0 text-investor-ink" aria-hidden />
            Meanwhile, bookmark the projects you would back from Explore.
          </li>
        </ul>
        <Link href="/explore" className={cn(buttonVariants({ size: 'lg' }), 'w-full')}>
          Explore Projects
        </Link>
      </div>
    </section>
  );
}
