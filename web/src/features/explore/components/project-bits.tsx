import { useState } from 'react';
import { cn } from '@/lib/cn';
import {
  cardTags,
  categoryLabel,
  phaseLabel,
  phaseTone,
  projectInitial,
  thumbnailUrl,
} from '../lib/project-display';

/** The phase on the purple scale (idea light … launch deep). */
export function PhaseBadge({ phase, className }: { phase: string; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-1 font-display text-[0.6875rem] font-bold uppercase leading-none tracking-wider',
        phaseTone(phase),
        className,
      )}
    >
      <span className="sr-only">Phase: </span>
      {phaseLabel(phase)}
    </span>
  );
}

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

/**
 * A project's picture: the full image, or its 256 px thumbnail for small sizes (falling back to the full one), or
 * a placeholder with the title's initial when there is none or it cannot be loaded. Never a broken image.
 */
export function ProjectImage({
  url,
  title,
  size = 'full',
  className,
  placeholderClassName,
  eager = false,
}: {
  url: string | null | undefined;
  title: string;
  size?: 'full' | 'thumb';
  className?: string;
  placeholderClassName?: string;
  eager?: boolean;
}) {
  const sources = url
    ? size === 'thumb' && thumbnailUrl(url) !== url
      ? [thumbnailUrl(url), url]
      : [url]
    : [];
  const [failed, setFailed] = useState<{ url: string | null | undefined; count: number }>({ url, count: 0 });
  const failures = failed.url === url ? failed.count : 0;
  const source = sources[failures];

  if (!source)
    return (
      <span
        aria-hidden
        className={cn(
          'flex items-center justify-center bg-gradient-to-br from-brand-violet to-innovator font-display font-extrabold text-on-solid',
          className,
          placeholderClassName,
        )}
      >
        {projectInitial(title)}
      </span>
    );
  return (
    <img
      key={source}
      src={source}
      alt=""
      draggable={false}
      decoding="async"
      loading={eager ? 'eager' : 'lazy'}
      onError={() => setFailed({ url, count: failures + 1 })}
      className={cn('object-cover', className)}
    />
  );
}
