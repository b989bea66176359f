import { Check, HandCoins, X } from 'lucide-react';
import { useState } from 'react';
import { PledgeStatusBadge } from '@/components/pledges/pledge-status-badge';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatPence } from '@/lib/money';
import { allRows } from '@/lib/api/pages';
import { type PledgeMove } from '../../api/projects';
import type { Project, ProjectPledge } from '../../api/types';
import { investorName, PLEDGE_MOVES, usePledgeMove } from '../../hooks/use-pledge-moves';
import { formatDate } from '../../lib/format';
import { CollapsibleSection } from './collapsible-section';
import { ConfirmDialog } from './confirm-dialog';
import { useProjectPledges } from '../../hooks/use-project-reads';

interface Asked {
  pledge: ProjectPledge;
  move: PledgeMove;
}

function summaryOf(rows: ProjectPledge[], more: boolean): string {
  if (rows.length === 0) return 'No pledges yet';
  const count = `${rows.length}${more ? '+' : ''} ${rows.length === 1 ? 'pledge' : 'pledges'}`;
  const waiting = rows.filter((pledge) => pledge.status === 'pending').length;
  return waiting > 0 ? `${count} · ${waiting} waiting for you` : count;
}

/**
 * Pledges (API.md "Money"), the owner's only: who pledged how much, with what message and when, and where each
 * stands. A pending pledge is accepted or declined, an active one marked completed once the rest has arrived, each
 * behind a confirm; the investor is told. Live: `pledges_changed` refreshes it when a pledge arrives or moves
 * elsewhere.
 */
export function PledgesSection({ project }: { project: Project }) {
  const pledges = useProjectPledges(project.id);
  const move = usePledgeMove(project.id);
  const [asked, setAsked] = useState<Asked | null>(null);
  const rows = allRows(pledges.data);

  return (
    <CollapsibleSection
      title="Pledges"
      icon={HandCoins}
      tone="bg-investor-soft text-investor-ink"
      summary={pledges.isSuccess ? summaryOf(rows, pledges.hasNextPage) : 'Investors backing this project'}
    >
      {pledges.isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading pledges" className="space-y-2">
          <Skeleton className="h-36 w-full rounded-xl" />
          <Skeleton className="h-36 w-full rounded-xl" />
        </div>
      ) : pledges.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-4 text-center">
          <p className="text-sm font-semibold">The pledges could not be loaded.</p>
          <Button variant="outline" onClick={() => void pledges.refetch()} loading={pledges.isRefetching}>
            Retry
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-4 text-center">
          <p className="font-display text-sm font-extrabold tracking-wide text-muted-foreground">
            NO PLEDGES YET
          </p>
          <p className="max-w-xs text-xs text-muted-foreground">
            When an investor pledges to {project.title}, you&apos;ll see it here to accept or decline.
          </p>
        </div>
      ) : (
        <ol className="space-y-3">
          {rows.map((pledge) => (
            <li key={pledge.id}>
              <PledgeItem pledge={pledge} onAsk={(chosen) => setAsked({ pledge, move: chosen })} />
            </li>
          ))}
        </ol>
      )}
      {pledges.hasNextPage && (
        <Button
          variant="outline"
          className="mt-3 w-full"
          onClick={() => void pledges.fetchNextPage()}
          loading={pledges.isFetchingNextPage}
        >
          Load more pledges
        </Button>
      )}
      {asked && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setAsked(null)}
          {...confirmWords(asked, project.title)}
          action={PLEDGE_MOVES[asked.move].action}
          pendingAction={PLEDGE_MOVES[asked.move].pendingAction}
          tone={asked.move === 'decline' ? 'destructive' : 'primary'}
          pending={move.isPending}
          onConfirm={() => move.mutate(asked, { onSettled: () => setAsked(null) })}
        />
      )}
    </CollapsibleSection>
  );
}

/** The confirm's question and what follows from the answer. */
function confirmWords({ pledge, move }: Asked, projectTitle: string): { title: string; description: string } {
  const who = investorName(pledge);
  const amount = formatPence(pledge.amount);
  switch (move) {
    case 'accept':
      return {
        title: 'Accept this pledge?',
        description: `${who} pledged ${amount} to ${projectTitle}, ${formatPence(pledge.upfrontAmount)} of it upfront. Accepting makes it active, and ${who} is told.`,
      };
    case 'decline':
      return {
        title: 'Decline this pledge?',
        description: `${who}'s ${amount} pledge to ${projectTitle} will be declined, and ${who} is told. This cannot be undone.`,
      };
    case 'complete':
      return {
        title: 'Mark this pledge completed?',
        description: `Do this once the rest of ${who}'s ${amount} pledge has arrived. ${who} is told, and it moves to Completed in their portfolio.`,
      };
  }
}

/** One pledge: the investor, amount and upfront part, message, date, status, and what the owner can do next. */
function PledgeItem({ pledge, onAsk }: { pledge: ProjectPledge; onAsk: (move: PledgeMove) => void }) {
  const who = investorName(pledge);
  const message = pledge.message.trim();
  return (
    <article
      aria-label={`Pledge from ${who}`}
      className="flex flex-col gap-3 rounded-xl border border-border bg-background/60 p-3"
    >
      <div className="flex items-start gap-3">
        <Avatar name={who} src={pledge.investor.profileImageUrl} role="investor" size="sm" />
        <div className="min-w-0 flex-1">
          <h4 className="truncate font-display text-sm font-extrabold">{who}</h4>
          <time dateTime={pledge.createdAt} className="text-xs text-muted-foreground">
            {formatDate(pledge.createdAt)}
          </time>
        </div>
        <PledgeStatusBadge status={pledge.status} />
      </div>
      <dl className="grid grid-cols-2 gap-2">
        <div className="rounded-lg bg-muted px-3 py-2">
          <dt className="text-xs font-semibold text-muted-foreground">Amount</dt>
          <dd className="font-display text-base font-extrabold tabular-nums">{formatPence(pledge.amount)}</dd>
        </div>
        <div className="rounded-lg bg-investor-soft px-3 py-2 text-investor-ink">
          <dt className="text-xs font-semibold">Upfront (10%)</dt>
          <dd className="font-display text-base font-extrabold tabular-nums">
            {formatPence(pledge.upfrontAmount)}
          </dd>
        </div>
      </dl>
      {message && (
        <blockquote className="whitespace-pre-line break-words border-l-2 border-investor pl-3 text-sm italic text-muted-foreground">
          {message}
        </blockquote>
      )}
      {pledge.status === 'pending' && (
        <div className="flex gap-2">
          <Button
            variant="outline"
            className="flex-1"
            onClick={() => onAsk('decline')}
            aria-haspopup="dialog"
          >
            <X aria-hidden />
            {PLEDGE_MOVES.decline.action}
          </Button>
          <Button className="flex-1" onClick={() => onAsk('accept')} aria-haspopup="dialog">
            <Check aria-hidden />
            {PLEDGE_MOVES.accept.action}
          </Button>
        </div>
      )}
      {pledge.status === 'active' && (
        <Button variant="secondary" onClick={() => onAsk('complete')} aria-haspopup="dialog">
          <Check aria-hidden />
          {PLEDGE_MOVES.complete.action}
        </Button>
      )}
    </article>
  );
}
