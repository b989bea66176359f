import { cn } from '@/lib/cn';
import { categoryLabel } from '@/lib/projects/categories';
import { cardTags } from '@/lib/projects/looking-for';

/** The category, as a chip ('design' reads 'Design & UI/UX'). */
export function CategoryChip({ category, className }: { category: string; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full bg-primary-soft px-2.5 py-1 font-display text-[0.6875rem] font-bold uppercase leading-none tracking-wider text-primary-soft-foreground',
        className,
      )}
    >
      <span className="sr-only">Category: </span>
      {categoryLabel(category)}
    </span>
  );
}

/** Looking-for tags: at most `limit` of them, then '+N' (spec 001 §2.1); every one when no limit is given. */
export function LookingForTags({
  tags,
  limit,
  className,
}: {
  tags: readonly string[];
  limit?: number;
  className?: string;
}) {
  const { shown, more } = limit === undefined ? { shown: [...tags], more: 0 } : cardTags(tags, limit);
  if (shown.length === 0) return null;
  return (
    <ul aria-label="Looking for" className={cn('flex min-w-0 flex-wrap items-center gap-1.5', className)}>
      {shown.map((tag) => (
        <li
          key={tag}
          className="rounded-full border border-border bg-background px-2.5 py-1 text-xs font-semibold text-foreground"
        >
          {tag}
        </li>
      ))}
      {more > 0 && (
        <li className="rounded-full bg-muted px-2 py-1 text-xs font-bold text-muted-foreground">
          <span aria-hidden>+{more}</span>
          <span className="sr-only">{`and ${more} more`}</span>
        </li>
      )}
    </ul>
  );
}
