import { ChevronRight, Compass, Hourglass, LineChart, PiggyBank, TrendingUp } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button, buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PledgeStatusBadge } from '@/components/pledges/pledge-status-badge';
import { cn } from '@/lib/cn';
import { formatPence } from '@/lib/money';
import type { Pledge } from '../api/types';
import { useInvestments } from '../hooks/use-investments';
import { formatDate } from '../lib/format';

type PortfolioTab = 'active' | 'pending' | 'completed';

const TABS: { value: PortfolioTab; label: string; empty: string }[] = [
  { value: 'active', label: 'Active Investments', empty: 'No active investments yet.' },
  { value: 'pending', label: 'Pending Pledges', empty: 'No pending pledges.' },
  { value: 'completed', label: 'Completed', empty: 'No completed investments yet.' },
];

/**
 * Which tab a pledge is listed under: its status; the closed ones (completed, and declined or any other status,
 * each with its own grey badge) under Completed.
 */
export function pledgeTab(status: string): PortfolioTab {
  return status === 'active' || status === 'pending' ? status : 'completed';
}

/**
 * Investment Portfolio, an investor's /create (spec 001 §2.6): the total pledged in pounds, how many pledges are
 * active and pending, an honest ROI Potential card, and every pledge under Active Investments, Pending Pledges or
 * Completed with its Total Amount, Upfront Paid (10%), project, status, message and date. Live: a pledge made
 * anywhere, or accepted, declined or completed by its project's owner, refreshes it (`investments_changed`), so it
 * moves to its tab at once; it polls every 2 s only while the live channel is down. A pledge's project opens
 * through `onOpenProject` (its details are the explore area's, composed with this in src/app/screens/invest-route.tsx).
 */
export function InvestmentPortfolio({ onOpenProject }: { onOpenProject: (projectId: number) => void }) {
  const query = useInvestments();
  const [chosen, setChosen] = useState<PortfolioTab | null>(null);
  const pledges = query.data ?? [];
  const byTab = (tab: PortfolioTab) => pledges.filter((pledge) => pledgeTab(pledge.status) === tab);
  // A declined pledge was never invested.
  const total = pledges.reduce(
    (sum, pledge) => (pledge.status === 'declined' ? sum : sum + pledge.amount),
    0,
  );
  const activeCount = byTab('active').length;
  const pendingCount = byTab('pending').length;
  // At first the first tab with something in it; then it stays put (a pledge that moves away live does not take
  // the person with it) until they choose another.
  const tab = chosen ?? TABS.find((t) => byTab(t.value).length > 0)?.value ?? 'active';
  if (chosen === null && pledges.length > 0) setChosen(tab);

  return (
    <div className="flex flex-col gap-5">
      <div className="pt-1">
        <h2 className="font-display text-3xl font-extrabold tracking-tight">Investment Portfolio</h2>
        <p className="mt-1 font-display text-xs font-bold tracking-[0.16em] text-investor-ink">
          BACK • TRACK • GROW TOGETHER
        </p>
      </div>

      {query.isPending ? (
        <PortfolioSkeleton />
      ) : query.isError ? (
        <section
          role="alert"
          className="flex flex-col items-center gap-3 rounded-2xl border border-border bg-card p-8 text-center"
        >
          <h3 className="font-display text-lg font-bold">Couldn&apos;t load your investments</h3>
          <p className="text-sm text-muted-foreground">Something went wrong while fetching your pledges.</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </section>
      ) : (
        <>
          <section
            aria-label="Summary"
            className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-investor to-brand-violet p-5 text-on-solid shadow-lift"
          >
            <span aria-hidden className="absolute -right-10 -top-12 size-40 rounded-full bg-on-solid/10" />
            <dl className="relative grid grid-cols-2 gap-3">
              <div className="col-span-2">
                <dt className="flex items-center gap-1.5 text-sm font-semibold text-on-solid/90">
                  <PiggyBank className="size-4" aria-hidden />
                  Total Invested
                </dt>
                <dd className="mt-1 font-display text-4xl font-extrabold tabular-nums tracking-tight">
                  {formatPence(total)}
                </dd>
              </div>
              <div className="rounded-xl bg-on-solid/15 px-3.5 py-3">
                <dt className="text-xs font-semibold text-on-solid/90">Active Investments</dt>
                <dd className="font-display text-2xl font-extrabold tabular-nums">{activeCount}</dd>
              </div>
              <div className="rounded-xl bg-on-solid/15 px-3.5 py-3">
                <dt className="text-xs font-semibold text-on-solid/90">Pending Pledges</dt>
                <dd className="font-display text-2xl font-extrabold tabular-nums">{pendingCount}</dd>
              </div>
            </dl>
          </section>

          <section
            aria-labelledby="roi-title"
            className="flex items-start gap-3 rounded-2xl border border-border bg-card p-4 shadow-soft"
          >
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-investor-soft text-investor-ink">
              <LineChart className="size-5" aria-hidden />
            </span>
            <div className="min-w-0">
              <h3 id="roi-title" className="font-display text-base font-bold">
                ROI Potential
              </h3>
              <p className="mt-0.5 text-sm text-muted-foreground">
                No returns reported yet. Returns show here once the projects you back report them; until then
                there is nothing honest to estimate.
              </p>
            </div>
          </section>

          {pledges.length === 0 ? (
            <section
              aria-labelledby="no-investments"
              className="flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed border-border bg-card/60 px-6 py-10 text-center"
            >
              <span className="flex size-16 items-center justify-center rounded-2xl bg-investor-soft text-investor-ink">
                <TrendingUp className="size-8" aria-hidden />
              </span>
              <h3 id="no-investments" className="font-display text-xl font-extrabold">
                No Investments Yet
              </h3>
              <p className="max-w-xs text-sm text-muted-foreground">
                Find a project you believe in: swipe right on its card to make a pledge.
              </p>
              <Link href="/explore" className={cn(buttonVariants({ size: 'lg' }), 'mt-1')}>
                <Compass aria-hidden />
                Explore Projects
              </Link>
            </section>
          ) : (
            <Tabs value={tab} onValueChange={(value) => setChosen(value as PortfolioTab)}>
              <TabsList aria-label="Pledges" className="h-auto">
                {TABS.map((t) => (
                  <TabsTrigger
                    key={t.value}
                    value={t.value}
                    className="whitespace-normal px-1.5 text-xs leading-tight"
                  >
                    {t.label}
                  </TabsTrigger>
                ))}
              </TabsList>
              {TABS.map((t) => {
                const list = byTab(t.value);
                return (
                  <TabsContent key={t.value} value={t.value}>
                    {list.length === 0 ? (
                      <p className="flex items-center justify-center gap-2 rounded-2xl border border-border bg-card px-4 py-8 text-sm text-muted-foreground">
                        <Hourglass className="size-4" aria-hidden />
                        {t.empty}
                      </p>
                    ) : (
                      <ul className="flex flex-col gap-3">
                        {list.map((pledge) => (
                          <li key={pledge.id}>
                            <PledgeCard pledge={pledge} onOpen={() => onOpenProject(pledge.projectId)} />
                          </li>
                        ))}
                      </ul>
                    )}
                  </TabsContent>
                );
              })}
            </Tabs>
          )}
        </>
      )}
    </div>
  );
}

function PledgeCard({ pledge, onOpen }: { pledge: Pledge; onOpen: () => void }) {
  const message = pledge.message.trim();
  return (
    <article
      aria-label={`Pledge to ${pledge.projectTitle}`}
      className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-4 shadow-soft"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="truncate font-display text-lg font-bold leading-snug">{pledge.projectTitle}</h3>
          <time dateTime={pledge.createdAt} className="text-xs text-muted-foreground">
            {formatDate(pledge.createdAt)}
          </time>
        </div>
        <PledgeStatusBadge status={pledge.status} />
      </div>
      <dl className="grid grid-cols-2 gap-2">
        <div className="rounded-xl bg-muted px-3 py-2.5">
          <dt className="text-xs font-semibold text-muted-foreground">Total Amount</dt>
          <dd className="font-display text-lg font-extrabold tabular-nums">{formatPence(pledge.amount)}</dd>
        </div>
        <div className="rounded-xl bg-investor-soft px-3 py-2.5 text-investor-ink">
          {pledge.status === 'declined' ? (
            // The owner declined it: nothing was taken, so the card does not say "Paid".
            <>
              <dt className="text-xs font-semibold">Upfront (10%)</dt>
              <dd className="font-display text-lg font-extrabold tabular-nums">
                <s>{formatPence(pledge.upfrontAmount)}</s>
                <span className="block text-xs font-semibold">Not taken</span>
              </dd>
            </>
          ) : (
            <>
              <dt className="text-xs font-semibold">Upfront Paid (10%)</dt>
              <dd className="font-display text-lg font-extrabold tabular-nums">
                {formatPence(pledge.upfrontAmount)}
              </dd>
            </>
          )}
        </div>
      </dl>
      {message && (
        <blockquote className="border-l-2 border-investor pl-3 text-sm italic text-muted-foreground">
          {message}
        </blockquote>
      )}
      <Button
        variant="ghost"
        size="sm"
        onClick={onOpen}
        aria-label={`View project ${pledge.projectTitle}`}
        className="-mx-2 -mb-2 justify-between text-primary"
      >
        View project
        <ChevronRight aria-hidden />
      </Button>
    </article>
  );
}

function PortfolioSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading investments" className="flex flex-col gap-4">
      <Skeleton className="h-44 w-full rounded-2xl" />
      <Skeleton className="h-20 w-full rounded-2xl" />
      <Skeleton className="h-11 w-full rounded-xl" />
      <Skeleton className="h-40 w-full rounded-2xl" />
    </div>
  );
}
