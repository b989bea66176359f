import { cn } from '@/lib/cn';
import { cardSkills } from '../lib/people';

/** Up to 3 skills, then '+N' (spec 001 §2.2, §9). Nothing when there are none. */
export function SkillChips({
  skills,
  compact = false,
  className,
}: {
  skills: readonly string[];
  /** Smaller chips, for the narrow nearby cards. */
  compact?: boolean;
  className?: string;
}) {
  const { shown, more } = cardSkills(skills);
  if (shown.length === 0) return null;
  return (
    <ul
      aria-label="Skills"
      className={cn('flex min-w-0 flex-wrap', compact ? 'gap-1' : 'gap-1.5', className)}
    >
      {shown.map((skill) => (
        <li
          key={skill}
          className={cn(
            'max-w-full truncate rounded-full border border-border bg-background font-semibold',
            compact ? 'px-2 py-0.5 text-[0.6875rem]' : 'px-2.5 py-1 text-xs',
          )}
        >
          {skill}
        </li>
      ))}
      {more > 0 && (
        <li
          className={cn(
            'rounded-full bg-muted font-bold text-muted-foreground',
            compact ? 'px-1.5 py-0.5 text-[0.6875rem]' : 'px-2 py-1 text-xs',
          )}
        >
          <span aria-hidden>+{more}</span>
          <span className="sr-only">{`and ${more} more`}</span>
        </li>
      )}
    </ul>
  );
}
