import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  dismissPrompt,
  isPromptDismissed,
  requestPushPermission,
  usePushPermission,
  type PushPermission,
} from '@/features/notifications/lib/push';

/**
 * The room the card takes above the bottom navigation while it shows (its height, on the root element): the shell's
 * bottom padding adds it, so every screen can still scroll its last controls clear of the card.
 */
export const PUSH_PROMPT_SPACE = '--push-prompt-space';

/** Keeps PUSH_PROMPT_SPACE at the card's height while it is on screen (a ref callback: its cleanup frees it). */
function reserveRoom(card: HTMLElement | null): (() => void) | undefined {
  if (!card) return undefined;
  const root = document.documentElement;
  // The layout height: the entrance animation's scale does not count.
  const reserve = () => root.style.setProperty(PUSH_PROMPT_SPACE, `${card.offsetHeight}px`);
  reserve();
  const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(reserve);
  observer?.observe(card);
  return () => {
    observer?.disconnect();
    root.style.removeProperty(PUSH_PROMPT_SPACE);
  };
}

/** spec 001 §2.7: the card shows only while asking can still help. */
export function shouldShowPushPrompt(permission: PushPermission, dismissed: boolean): boolean {
  return permission === 'default' && !dismissed;
}

/**
 * The floating 'Enable Notifications' card (spec 001 §2.7): hidden where push is unsupported, once permission is
 * granted or denied, and for good once dismissed on this device. Its button asks for permission; the shell then
 * subscribes this browser (../hooks/use-notifications-runtime.ts). Screens keep room for it (PUSH_PROMPT_SPACE).
 */
export function EnableNotificationsCard() {
  const permission = usePushPermission();
  const [dismissed, setDismissed] = useState(isPromptDismissed);
  const [asking, setAsking] = useState(false);

  if (!shouldShowPushPrompt(permission, dismissed)) return null;

  const enable = () => {
    setAsking(true);
    void requestPushPermission().finally(() => setAsking(false));
  };
  const dismiss = () => {
    dismissPrompt();
    setDismissed(true);
  };

  return (
    <aside
      ref={reserveRoom}
      // PUSH_PROMPT_ATTRIBUTE: a click in here is the card's to handle, not the first-interaction ask.
      data-push-prompt=""
      aria-labelledby="enable-notifications-title"
      className="fixed inset-x-3 bottom-[calc(5.25rem+env(safe-area-inset-bottom))] z-30 mx-auto max-w-md animate-toast-in sm:bottom-28"
    >
      <div className="flex items-start gap-3 rounded-2xl border border-border bg-card p-4 text-card-foreground shadow-lift">
        <span
          aria-hidden
          className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-brand-violet to-brand-orange text-on-solid"
        >
          <BellRing className="size-5" strokeWidth={2.25} />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="enable-notifications-title" className="font-display text-base font-bold leading-snug">
            Enable Notifications
          </h2>
          <p className="mt-0.5 text-sm leading-snug text-muted-foreground">
            Know the moment someone backs your project, replies or hands you a task.
          </p>
          <div className="mt-3 flex items-center gap-2">
            <Button size="sm" loading={asking} onClick={enable}>
              ENABLE
            </Button>
            <Button size="sm" variant="ghost" className="text-muted-foreground" onClick={dismiss}>
              Not now
            </Button>
          </div>
        </div>
      </div>
    </aside>
  );
}
