import { Search } from 'lucide-react';
import { ComingSoon } from '@/features/placeholders/coming-soon';

export default function SearchPlaceholder() {
  return (
    <ComingSoon
      icon={Search}
      eyebrow="Discover"
      heading="Search is coming"
      text="Find people and projects by what they do, not just by name."
      upcoming={[
        'Ask in plain words: "designers in Leeds who know Figma"',
        'Filter by role',
        'Connect straight from the results',
      ]}
      tone="bg-phase-4 text-phase-4-foreground"
    />
  );
}
