import { CloudOff } from 'lucide-react';
import { useBrowserOnline } from '@/lib/online';

/**
 * The bar along the top of every screen while the browser is offline (issue "Scale": the service worker serves the
 * shell offline, and the app says so). The live region is always there, so the change is announced as it comes.
 */
export function OfflineBanner() {
  const online = useBrowserOnline();
  return (
    <div role="status" aria-live="polite" aria-atomic="true">
      {!online && (
        <p className="border-b border-primary/20 bg-primary-soft px-4 py-2.5 pt-[max(0.625rem,env(safe-area-inset-top))] text-center text-sm font-medium leading-snug text-balance text-primary-soft-foreground">
          <CloudOff className="mr-1.5 inline size-4 -translate-y-px align-middle" aria-hidden />
          {"You're offline. Grow will reconnect when you're back online."}
        </p>
      )}
    </div>
  );
}
