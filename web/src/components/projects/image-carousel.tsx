import { ChevronLeft, ChevronRight, Maximize2 } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { ImageViewer, wrapIndex } from './image-viewer';
import { ProjectImage } from './project-image';
import { ProjectPlaceholder } from './project-placeholder';

const stepButton =
  'absolute top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-card/85 text-foreground shadow-soft backdrop-blur hover:bg-card focus-visible:outline-2 focus-visible:outline-ring';

/**
 * A project's images (spec 001 §2.1 Overview, §2.3 cards): swiped through natively (scroll snap) or stepped with
 * previous and next (wrapping around), with a counter; a tap opens the full-screen viewer at that image. No images:
 * the initial-and-category placeholder. `thumbnails` shows the 256 px versions (a card); `overlay` sits on top (the
 * phase badge).
 */
export function ImageCarousel({
  images,
  title,
  category,
  className,
  overlay,
  thumbnails = false,
}: {
  images: readonly string[];
  title: string;
  category?: string;
  className?: string;
  overlay?: ReactNode;
  thumbnails?: boolean;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  // The image a tap on previous or next is scrolling to, until the scroll gets there: the frames of a smooth scroll
  // pass the image it left, and counting those would send a second quick tap back the way the first one came.
  const heading = useRef<number | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const count = images.length;
  const current = wrapIndex(index, count);

  if (count === 0)
    return (
      <div className={cn('relative overflow-hidden', className)}>
        <ProjectPlaceholder title={title} category={category} className="size-full" />
        {overlay}
      </div>
    );

  const goTo = (next: number) => {
    const target = wrapIndex(next, count);
    const el = scroller.current;
    if (el) {
      const left = target * el.clientWidth;
      // Already there, no scroll event will come to end the heading.
      heading.current = Math.abs(el.scrollLeft - left) < 1 ? null : target;
      // Smooth unless the person asked for less motion (the class below).
      el.scrollLeft = left;
    }
    setIndex(target);
  };

  /** Counts the image the scroller is on, once a step of previous or next has got where it was going. */
  const follow = (el: HTMLDivElement, settled: boolean) => {
    if (el.clientWidth === 0) return;
    const at = Math.round(el.scrollLeft / el.clientWidth);
    const arrived = at === heading.current && Math.abs(el.scrollLeft - at * el.clientWidth) < 1;
    if (heading.current !== null && !arrived && !settled) return;
    heading.current = null;
    setIndex(at);
  };

  return (
    <div className={cn('relative overflow-hidden bg-muted', className)}>
      <div
        ref={scroller}
        onScroll={(event) => follow(event.currentTarget, false)}
        // Where a scroll stopped is where it is, whatever a step meant (a swipe may have cut it short).
        onScrollEnd={(event) => follow(event.currentTarget, true)}
        className="flex size-full snap-x snap-mandatory overflow-x-auto overscroll-x-contain motion-safe:scroll-smooth [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {images.map((url, i) => (
          <button
            key={`${url}-${i}`}
            type="button"
            // Only the image in view is announced and focusable: previous and next move between them.
            tabIndex={i === current ? 0 : -1}
            aria-hidden={i === current ? undefined : true}
            onClick={() => setViewing(i)}
            aria-label={`View ${title} images full screen (image ${i + 1} of ${count})`}
            className="relative h-full w-full shrink-0 snap-center focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-ring"
          >
            <ProjectImage
              url={url}
              title={title}
              size={thumbnails ? 'thumb' : 'full'}
              eager={i === 0}
              className="size-full"
              placeholderClassName="text-7xl"
            />
          </button>
        ))}
      </div>
      <span
        aria-hidden
        className="pointer-events-none absolute bottom-2 right-2 inline-flex items-center gap-1.5 rounded-full bg-card/90 px-2.5 py-1 font-display text-xs font-bold tabular-nums text-foreground shadow-soft backdrop-blur"
      >
        <Maximize2 className="size-3" />
        {count > 1 && `${current + 1} / ${count}`}
      </span>
      {count > 1 && (
        <>
          <button
            type="button"
            onClick={() => goTo(current - 1)}
            aria-label={`Previous image of ${title}`}
            className={cn(stepButton, 'left-1')}
          >
            <ChevronLeft className="size-5" aria-hidden />
          </button>
          <button
            type="button"
            onClick={() => goTo(current + 1)}
            aria-label={`Next image of ${title}`}
            className={cn(stepButton, 'right-1')}
          >
            <ChevronRight className="size-5" aria-hidden />
          </button>
        </>
      )}
      {overlay}
      {viewing !== null && (
        <ImageViewer images={images} title={title} startIndex={viewing} onClose={() => setViewing(null)} />
      )}
    </div>
  );
}
