import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serverMessage } from '@/lib/api/client';
import { invalidatePath } from '@/lib/api/query-keys';
import { formatPence } from '@/lib/money';
import { toast } from '@/lib/toast';
import { movePledge, type PledgeMove } from '../api/projects';
import type { ProjectPledge } from '../api/types';

/** What each move is called on its button, its confirm and its toasts. */
export const PLEDGE_MOVES: Record<
  PledgeMove,
  { action: string; pendingAction: string; done: string; failed: string; fallback: string }
> = {
  accept: {
    action: 'Accept',
    pendingAction: 'Accepting...',
    done: 'Pledge accepted',
    failed: 'Accept failed',
    fallback: 'Failed to accept the pledge',
  },
  decline: {
    action: 'Decline',
    pendingAction: 'Declining...',
    done: 'Pledge declined',
    failed: 'Decline failed',
    fallback: 'Failed to decline the pledge',
  },
  complete: {
    action: 'Mark completed',
    pendingAction: 'Saving...',
    done: 'Pledge completed',
    failed: 'Update failed',
    fallback: 'Failed to mark the pledge completed',
  },
};

export function investorName(pledge: Pick<ProjectPledge, 'investor'>): string {
  return `${pledge.investor.firstName} ${pledge.investor.lastName}`.trim();
}

/** What the owner is told once a move has happened: the investor hears of it too. */
function doneSentence(move: PledgeMove, pledge: ProjectPledge): string {
  const who = investorName(pledge);
  const amount = formatPence(pledge.amount);
  switch (move) {
    case 'accept':
      return `${who}'s ${amount} pledge is now active. They've been told.`;
    case 'decline':
      return `${who}'s ${amount} pledge was declined. They've been told.`;
    case 'complete':
      return `${who}'s ${amount} pledge is complete. They've been told.`;
  }
}

/**
 * Accept, decline or complete one of a project's pledges (the owner). The list refreshes whatever the answer: a
 * refusal usually means it moved elsewhere (another tab, another device).
 */
export function usePledgeMove(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['/api/pledges/{id}', 'move', projectId],
    mutationFn: ({ pledge, move }: { pledge: ProjectPledge; move: PledgeMove }) =>
      movePledge(pledge.id, move),
    onSuccess: (moved, { move }) =>
      toast({ title: PLEDGE_MOVES[move].done, description: doneSentence(move, moved), variant: 'success' }),
    onError: (error, { move }) =>
      toast({
        title: PLEDGE_MOVES[move].failed,
        description: serverMessage(error, PLEDGE_MOVES[move].fallback),
        variant: 'destructive',
      }),
    onSettled: () => invalidatePath(queryClient, `/api/projects/${projectId}/pledges`),
  });
}
