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

/** spec 001 §2.7: the card shows only while asking can still help. */
export function shouldShowPushPrompt(permission: PushPermission, dismissed: boolean): boolean {
  return permission === 'default' && !dismissed;
}

/**
 * The floating 'Enable Notifications' card (spec 001 §2.7): hidden where push is unsupported, once permission is
 * granted or denied, and for good once dismissed on this device. Its button asks for permission; the shell then
 * subscribes this browser (../hooks/use-notifications-runtime.ts).
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
