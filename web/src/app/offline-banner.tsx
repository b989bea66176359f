import { CloudOff } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { useBrowserOnline } from '@/lib/online';

/** The bar's height, for what sticks under it (the header). */
const BAR_HEIGHT = '--offline-bar-height';

/**
 * The bar along the top of every screen while the browser is offline (issue "Scale": the service worker serves the
 * shell offline, and the app says so). The live region is always there, so the change is announced as it comes.
 */
export function OfflineBanner() {
  const online = useBrowserOnline();
  const bar = useRef<HTMLDivElement>(null);
  // The bar stays at the top as the page scrolls, with the signed-in header held just under it (its top is this
  // height): the two keep clear of the notch once between them, whatever the scroll.
  useLayoutEffect(() => {
    const element = bar.current;
    const root = document.documentElement;
    if (!element || online) return;
    const measure = () => root.style.setProperty(BAR_HEIGHT, `${element.offsetHeight}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(BAR_HEIGHT);
    };
  }, [online]);
  return (
    <div ref={bar} role="status" aria-live="polite" aria-atomic="true" className="sticky top-0 z-50">
      {!online && (
        <p
          data-offline-bar
          className="border-b border-primary/20 bg-primary-soft px-4 py-2.5 pt-[max(0.625rem,env(safe-area-inset-top))] text-center text-sm font-medium leading-snug text-balance text-primary-soft-foreground"
        >
          <CloudOff className="mr-1.5 inline size-4 -translate-y-px align-middle" aria-hidden />
          {"You're offline. Grow will reconnect when you're back online."}
        </p>
      )}
    </div>
  );
}
