import { Coins, Trophy } from 'lucide-react';
import type { User } from '@/lib/session';
import { ComingSoon } from '@/features/placeholders/coming-soon';

export default function RewardsPlaceholder({ user }: { user: User }) {
  return (
    <ComingSoon
      icon={Trophy}
      eyebrow="Progress"
      heading="Rewards are coming"
      text="Earn coins for the work you do, climb the levels and spend them in the store."
      upcoming={['Daily scratch card', 'Top earners leaderboard', 'Reward store']}
      tone="bg-coin text-coin-foreground"
    >
      <div className="mt-5 inline-flex items-center gap-2 rounded-full bg-coin-soft px-4 py-2 font-display font-bold text-coin-ink">
        <Coins className="size-5" aria-hidden />
        {user.coins.toLocaleString('en-GB')} coins
      </div>
    </ComingSoon>
  );
}
