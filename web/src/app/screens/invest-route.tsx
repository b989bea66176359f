import { ExploreDialogs } from '@/features/explore/components/explore-dialogs';
import { useDialogStack } from '@/features/explore/hooks/use-dialog-stack';
import { InvestmentPortfolio } from '@/features/investing/components/investment-portfolio';
import type { User } from '@/lib/session';

/**
 * An investor's /create (spec 001 §2.3, §2.6): the investing area's portfolio, whose pledges open their project in
 * the explore area's details (and pledge) dialogs. Features do not import each other, so they meet here. One lazy
 * chunk.
 */
export default function InvestRoute({ user }: { user: User }) {
  const dialogs = useDialogStack();
  return (
    <>
      <InvestmentPortfolio onOpenProject={(projectId) => dialogs.open({ kind: 'detail', projectId })} />
      <ExploreDialogs dialogs={dialogs} user={user} />
    </>
  );
}
