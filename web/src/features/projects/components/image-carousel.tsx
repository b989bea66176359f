import { ChevronLeft, ChevronRight, Expand } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { thumbnailUrl } from '../lib/images';
import { ImageViewer, wrapIndex } from './image-viewer';
import { ProjectPlaceholder } from './project-placeholder';

/**
 * A project's images (spec 001 §2.3): the 256 px thumbnails one at a time with a counter and previous/next
 * (wrapping around), a tap opening the full-screen viewer at that image; the initial-and-category placeholder
 * when there are none. `overlay` sits on top (the phase badge).
 */
export function ImageCarousel({
  images,
  title,
  category,
  className,
  overlay,
  full = false,
}: {
  images: readonly string[];
  title: string;
  category: string;
  className?: string;
  overlay?: ReactNode;
  /** Show the images themselves rather than their thumbnails (a wide hero). */
  full?: boolean;
}) {
  const [index, setIndex] = useState(0);
  const [viewing, setViewing] = useState(false);
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const count = images.length;
  const current = wrapIndex(index, count);
  const url = images[current];

  if (count === 0 || url === undefined) {
    return (
      <div className={cn('relative', className)}>
        <ProjectPlaceholder title={title} category={category} className="size-full" />
        {overlay}
      </div>
    );
  }

  const step = (by: number) => setIndex((value) => wrapIndex(value + by, count));
  const src = full ? url : thumbnailUrl(url);

  return (
    <div className={cn('relative overflow-hidden bg-muted', className)}>
      <button
        type="button"
        onClick={() => setViewing(true)}
        className="group block size-full focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-ring"
        aria-label={`View ${title} images full screen (image ${current + 1} of ${count})`}
      >
        {failed.has(src) ? (
          <ProjectPlaceholder title={title} category={category} className="size-full" />
        ) : (
          <img
            key={src}
            src={src}
            alt=""
            loading="lazy"
            draggable={false}
            onError={() => setFailed((set) => new Set(set).add(src))}
            className="size-full animate-fade-in object-cover transition-transform duration-300 group-hover:scale-[1.02]"
          />
        )}
        <span
          aria-hidden
          className="absolute bottom-2 left-2 inline-flex size-8 items-center justify-center rounded-full bg-card/85 text-foreground opacity-90 shadow-soft backdrop-blur"
        >
          <Expand className="size-4" />
        </span>
      </button>
      {count > 1 && (
        <>
          <span
            aria-hidden
            className="absolute bottom-2 right-2 rounded-full bg-card/90 px-2.5 py-1 font-display text-xs font-bold tabular-nums text-foreground shadow-soft backdrop-blur"
          >
            {current + 1} / {count}
          </span>
          <button
            type="button"
            onClick={() => step(-1)}
            aria-label={`Previous image of ${title}`}
            className="absolute left-1 top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-card/85 text-foreground shadow-soft backdrop-blur hover:bg-card focus-visible:outline-2 focus-visible:outline-ring"
          >
            <ChevronLeft className="size-5" aria-hidden />
          </button>
          <button
            type="button"
            onClick={() => step(1)}
            aria-label={`Next image of ${title}`}
            className="absolute right-1 top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-card/85 text-foreground shadow-soft backdrop-blur hover:bg-card focus-visible:outline-2 focus-visible:outline-ring"
          >
            <ChevronRight className="size-5" aria-hidden />
          </button>
        </>
      )}
      {overlay}
      <ImageViewer
        images={images}
        title={title}
        open={viewing}
        startIndex={current}
        onOpenChange={(open) => {
          setViewing(open);
        }}
      />
    </div>
  );
}
