import { LogIn } from 'lucide-react';

/** Shown on the sign-in screen after a session ended without the person asking (src/lib/session.ts). */
export function SessionEndedNote() {
  return (
    <p
      role="status"
      className="flex items-center gap-3 rounded-2xl border-2 border-primary/30 bg-primary-soft p-4 text-sm font-medium text-primary-soft-foreground"
    >
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
        <LogIn className="size-4" aria-hidden />
      </span>
      Your session ended. Sign in again to continue.
    </p>
  );
}
