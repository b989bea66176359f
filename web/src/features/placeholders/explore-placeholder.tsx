import { Compass } from 'lucide-react';
import type { User } from '@/lib/session';
import { ComingSoon } from '@/features/placeholders/coming-soon';

export default function ExplorePlaceholder({ user }: { user: User }) {
  return (
    <ComingSoon
      icon={Compass}
      eyebrow={`Hey ${user.firstName || user.username}!`}
      heading="Your feed is on its way"
      text="Swipe through projects looking for people like you, and find the ones worth your time."
      upcoming={[
        'A swipe deck of projects matched to your skills',
        'Support, skip or join with a tap',
        'Phase and category at a glance',
      ]}
      tone="bg-explorer text-on-solid"
    />
  );
}
