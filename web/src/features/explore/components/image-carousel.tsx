import * as DialogPrimitive from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, Maximize2, X } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';
import { ProjectImage } from './project-bits';

const roundButton =
  'inline-flex size-11 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';
const chip =
  'flex size-9 items-center justify-center rounded-full bg-card/90 text-foreground shadow-soft backdrop-blur-sm';

/**
 * A project's images (spec 001 §2.1 Overview): swiped through natively (scroll snap), with a counter, previous and
 * next buttons, and a tap opens the full-screen viewer. No images: the title's initial.
 */
export function ImageCarousel({
  images,
  title,
  className,
}: {
  images: string[];
  title: string;
  className?: string;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [viewing, setViewing] = useState<number | null>(null);
  const count = images.length;

  const goTo = (next: number) => {
    const el = scroller.current;
    if (!el) return;
    const target = (next + count) % count;
    el.scrollTo({ left: target * el.clientWidth, behavior: 'smooth' });
    setIndex(target);
  };

  if (count === 0)
    return (
      <div className={cn('relative overflow-hidden bg-muted', className)}>
        <ProjectImage url={null} title={title} className="size-full" placeholderClassName="text-7xl" />
      </div>
    );

  return (
    <div className={cn('relative overflow-hidden bg-muted', className)}>
      <div
        ref={scroller}
        onScroll={(event) => {
          const el = event.currentTarget;
          if (el.clientWidth > 0) setIndex(Math.round(el.scrollLeft / el.clientWidth));
        }}
        className="flex size-full snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {images.map((url, i) => (
          <button
            key={`${url}-${i}`}
            type="button"
            onClick={() => setViewing(i)}
            aria-label={`View image ${i + 1} of ${count} full screen`}
            className="relative h-full w-full shrink-0 snap-center focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-ring"
          >
            <ProjectImage
              url={url}
              title={title}
              eager={i === 0}
              className="size-full"
              placeholderClassName="text-7xl"
            />
          </button>
        ))}
      </div>
      <span
        aria-hidden
        className="pointer-events-none absolute bottom-3 right-3 inline-flex items-center gap-1.5 rounded-full bg-card/90 px-2.5 py-1 text-xs font-bold tabular-nums text-foreground shadow-soft backdrop-blur-sm"
      >
        <Maximize2 className="size-3" />
        {index + 1} / {count}
      </span>
      {count > 1 && (
        <>
          <button
            type="button"
            onClick={() => goTo(index - 1)}
            aria-label="Previous image"
            className={cn(roundButton, 'absolute left-1 top-1/2 -translate-y-1/2')}
          >
            <span className={chip}>
              <ChevronLeft className="size-5" aria-hidden />
            </span>
          </button>
          <button
            type="button"
            onClick={() => goTo(index + 1)}
            aria-label="Next image"
            className={cn(roundButton, 'absolute right-1 top-1/2 -translate-y-1/2')}
          >
            <span className={chip}>
              <ChevronRight className="size-5" aria-hidden />
            </span>
          </button>
        </>
      )}
      {viewing !== null && (
        <ImageViewer images={images} title={title} start={viewing} onClose={() => setViewing(null)} />
      )}
    </div>
  );
}

/** The full-screen viewer: one image at a time, its counter, previous and next (wrapping at both ends), ← and →. */
function ImageViewer({
  images,
  title,
  start,
  onClose,
}: {
  images: string[];
  title: string;
  start: number;
  onClose: () => void;
}) {
  const [index, setIndex] = useState(start);
  const count = images.length;
  const step = (by: number) => setIndex((old) => (old + by + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') step(-1);
    else if (event.key === 'ArrowRight') step(1);
    else return;
    event.preventDefault();
  };

  return (
    <DialogPrimitive.Root open onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-[55] bg-background data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content
          onKeyDown={onKeyDown}
          className="fixed inset-0 z-[55] flex flex-col bg-background pb-safe pt-safe text-foreground focus:outline-none data-[state=open]:animate-fade-in"
        >
          <div className="flex min-h-14 items-center gap-2 px-2">
            <DialogPrimitive.Title className="min-w-0 flex-1 truncate px-2 font-display text-base font-bold">
              {title}
            </DialogPrimitive.Title>
            <DialogPrimitive.Description className="shrink-0 text-sm font-semibold tabular-nums text-muted-foreground">
              Image {index + 1} of {count}
            </DialogPrimitive.Description>
            <DialogPrimitive.Close aria-label="Close" className={cn(roundButton, 'hover:bg-muted')}>
              <X className="size-5" aria-hidden />
            </DialogPrimitive.Close>
          </div>
          <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 pb-4">
            <ProjectImage
              key={index}
              url={images[index]}
              title={title}
              eager
              className="max-h-full max-w-full rounded-xl object-contain"
              placeholderClassName="size-64 text-7xl"
            />
            {count > 1 && (
              <>
                <button
                  type="button"
                  onClick={() => step(-1)}
                  aria-label="Previous image"
                  className={cn(roundButton, 'absolute left-2 top-1/2 -translate-y-1/2')}
                >
                  <span className={chip}>
                    <ChevronLeft className="size-5" aria-hidden />
                  </span>
                </button>
                <button
                  type="button"
                  onClick={() => step(1)}
                  aria-label="Next image"
                  className={cn(roundButton, 'absolute right-2 top-1/2 -translate-y-1/2')}
                >
                  <span className={chip}>
                    <ChevronRight className="size-5" aria-hidden />
                  </span>
                </button>
              </>
            )}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
