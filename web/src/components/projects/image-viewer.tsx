import * as DialogPrimitive from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';

/** Index of the next image, wrapping around at both ends (spec 001 §2.3). */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

/**
 * The full-screen image viewer, open while mounted: a project's images at full size from `startIndex`, previous and
 * next wrapping around at both ends (buttons, arrow keys, a swipe), a counter, and Close (Escape too).
 */
export function ImageViewer({
  images,
  title,
  startIndex,
  onClose,
}: {
  images: readonly string[];
  title: string;
  startIndex: number;
  onClose: () => void;
}) {
  const [index, setIndex] = useState(startIndex);
  const [touchX, setTouchX] = useState<number | null>(null);
  const count = images.length;
  const current = wrapIndex(index, count);
  const step = (by: number) => setIndex((value) => wrapIndex(value + by, count));

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') step(-1);
    else if (event.key === 'ArrowRight') step(1);
    else return;
    event.preventDefault();
  };

  return (
    <DialogPrimitive.Root open onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        {/* Above the dialog the carousel may sit in. */}
        <DialogPrimitive.Overlay className="fixed inset-0 z-[55] bg-background data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content
          onKeyDown={onKeyDown}
          className="fixed inset-0 z-[55] flex flex-col bg-background pb-safe pt-safe text-foreground focus:outline-none data-[state=open]:animate-fade-in"
        >
          <div className="flex min-h-16 items-center gap-2 px-3">
            <DialogPrimitive.Title className="min-w-0 flex-1 truncate font-display text-lg font-extrabold">
              {title}
            </DialogPrimitive.Title>
            <DialogPrimitive.Description className="sr-only">
              Image {current + 1} of {count}. Use the arrow keys or swipe to see the others.
            </DialogPrimitive.Description>
            <span
              aria-hidden
              className="rounded-full bg-muted px-3 py-1 font-display text-sm font-bold tabular-nums"
            >
              {current + 1} / {count}
            </span>
            <DialogPrimitive.Close
              aria-label="Close image viewer"
              className="inline-flex size-11 items-center justify-center rounded-full hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              <X className="size-6" aria-hidden />
            </DialogPrimitive.Close>
          </div>
          <div
            className="relative flex min-h-0 flex-1 items-center justify-center px-2"
            onTouchStart={(event) => setTouchX(event.touches[0]?.clientX ?? null)}
            onTouchEnd={(event) => {
              const end = event.changedTouches[0]?.clientX;
              if (touchX !== null && end !== undefined && Math.abs(end - touchX) > 50)
                step(end < touchX ? 1 : -1);
              setTouchX(null);
            }}
          >
            {count > 0 && (
              <img
                key={images[current]}
                src={images[current]}
                alt={`${title}, ${current + 1} of ${count}`}
                className="max-h-full max-w-full animate-fade-in rounded-xl object-contain shadow-lift"
                draggable={false}
              />
            )}
          </div>
          {count > 1 && (
            <div className="flex items-center justify-center gap-6 py-4">
              <button
                type="button"
                onClick={() => step(-1)}
                aria-label="Previous image"
                className="inline-flex size-12 items-center justify-center rounded-full bg-card shadow-soft hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
              >
                <ChevronLeft className="size-6" aria-hidden />
              </button>
              <div aria-hidden className="flex gap-1.5">
                {images.map((url, dot) => (
                  <span
                    key={`${url}-${dot}`}
                    className={
                      dot === current ? 'h-2 w-5 rounded-full bg-primary' : 'size-2 rounded-full bg-border'
                    }
                  />
                ))}
              </div>
              <button
                type="button"
                onClick={() => step(1)}
                aria-label="Next image"
                className="inline-flex size-12 items-center justify-center rounded-full bg-card shadow-soft hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
              >
                <ChevronRight className="size-6" aria-hidden />
              </button>
            </div>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
