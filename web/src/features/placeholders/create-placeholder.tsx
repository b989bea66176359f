import { Plus, TrendingUp } from 'lucide-react';
import type { User } from '@/lib/session';
import { ComingSoon } from '@/features/placeholders/coming-soon';

export default function CreatePlaceholder({ user }: { user: User }) {
  if (user.role === 'investor') {
    return (
      <ComingSoon
        icon={TrendingUp}
        eyebrow="Invest"
        heading="Back the next big thing"
        text="Browse projects ready for investment and follow the ones you back."
        upcoming={[
          'Projects open to investors',
          'Your portfolio in one place',
          'Updates from the teams you back',
        ]}
        tone="bg-investor text-on-solid"
      />
    );
  }
  return (
    <ComingSoon
      icon={Plus}
      eyebrow="Create"
      heading="Start something new"
      text="Turn an idea into a project, build your team and take it from idea to launch."
      upcoming={[
        'Create a project in a few taps',
        'Invite collaborators and manage requests',
        'Move through phases: idea to launch',
      ]}
      tone="bg-innovator text-on-solid"
    />
  );
}
