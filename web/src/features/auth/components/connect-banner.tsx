import { UserPlus } from 'lucide-react';

/** Shown when the page was opened from someone's connect link (`?connect=`). */
export function ConnectBanner() {
  return (
    <section
      aria-label="Connection request"
      className="flex items-center gap-3 rounded-2xl border-2 border-primary/30 bg-primary-soft p-4 text-primary-soft-foreground"
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
        <UserPlus className="size-5" aria-hidden />
      </span>
      <div className="flex flex-col">
        <p className="font-display text-sm font-extrabold tracking-wide">CONNECT &amp; GET STARTED</p>
        <p className="text-sm">Login or sign up to connect with this user</p>
      </div>
    </section>
  );
}
