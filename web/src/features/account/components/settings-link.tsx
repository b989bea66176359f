import { ChevronRight, Settings } from 'lucide-react';
import { Link } from 'wouter';

/** Profile's way to Settings: password, email, notifications, who can find you, blocked people and your data. */
export function SettingsLink() {
  return (
    <Link
      href="/settings"
      className="flex min-h-16 items-center gap-3 rounded-2xl border border-border bg-card p-3 pr-4 shadow-soft transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-ring"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-foreground">
        <Settings className="size-5" aria-hidden />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-display font-bold">Settings</span>
        <span className="block text-sm text-muted-foreground">
          Password, email, notifications, blocked people and your data
        </span>
      </span>
      <ChevronRight className="size-5 text-muted-foreground" aria-hidden />
    </Link>
  );
}
