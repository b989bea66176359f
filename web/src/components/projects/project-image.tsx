import { useState } from 'react';
import { cn } from '@/lib/cn';
import { projectInitial, thumbnailUrl } from '@/lib/projects/images';

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
