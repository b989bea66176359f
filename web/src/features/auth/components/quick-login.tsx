import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Spinner } from '@/components/ui/spinner';
import { errorStatus, serverMessage } from '@/lib/api/client';
import { toast } from '@/lib/toast';
import { useRememberedLogin } from '../api/remembered-login';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { revokeRememberedLogin } from '../hooks/use-remembered-users';
import type { RememberedUser } from '@/lib/remembered-users';

export interface QuickLoginProps {
  users: RememberedUser[];
  connectCode: string | null;
  onRemember: (entry: RememberedUser) => void;
  onForget: (username: string) => void;
}

/** One-tap sign-in for the accounts saved on this device (shared/API.md: remember tokens, no passwords). */
export function QuickLogin({ users, connectCode, onRemember, onForget }: QuickLoginProps) {
  const rememberedLogin = useRememberedLogin();
  const completeLogin = useCompleteLogin(connectCode);
  const [busyUser, setBusyUser] = useState<string | null>(null);
  const idPrefix = useId();

  if (users.length === 0) return null;

  async function signIn(entry: RememberedUser) {
    if (busyUser !== null) return;
    if (!entry.username || !entry.rememberToken) {
      toast({
        title: 'Login Error',
        description: 'Stored credentials are incomplete. Please log in manually.',
        variant: 'destructive',
      });
      return;
    }
    setBusyUser(entry.username);
    try {
      let answer;
      try {
        answer = await rememberedLogin.mutateAsync({
          username: entry.username,
          rememberToken: entry.rememberToken,
        });
      } catch (error) {
        // The token is bad, used, revoked or expired: this entry can never work again.
        if (errorStatus(error) === 401) onForget(entry.username);
        toast({
          title: 'Login Failed',
          description: serverMessage(error, 'Invalid credentials. Please try again.'),
          variant: 'destructive',
        });
        return;
      }
      const { user, rememberToken } = answer;
      // The used token stops working: keep the fresh one, or drop the entry if none came back.
      if (rememberToken) {
        onRemember({ username: user.username, firstName: user.firstName, rememberToken });
      } else {
        onForget(entry.username);
      }
      await completeLogin(user);
    } finally {
      setBusyUser(null);
    }
  }

  function forget(entry: RememberedUser) {
    onForget(entry.username);
    revokeRememberedLogin(entry);
  }

  return (
    <section aria-labelledby="quick-login-heading" className="flex flex-col gap-4">
      <div className="flex items-center gap-3" aria-hidden>
        <span className="h-px flex-1 bg-border" />
        <span className="font-display text-xs font-bold uppercase tracking-[0.2em] text-muted-foreground">
          or
        </span>
        <span className="h-px flex-1 bg-border" />
      </div>
      <h2 id="quick-login-heading" className="sr-only">
        Quick login
      </h2>
      <ul className="flex flex-col gap-2">
        {users.map((entry, index) => {
          const name = entry.firstName || entry.username;
          const busy = busyUser === entry.username;
          return (
            <li key={entry.username} className="relative">
              <button
                type="button"
                onClick={() => void signIn(entry)}
                disabled={busyUser !== null}
                aria-busy={busy || undefined}
                aria-describedby={`${idPrefix}-${index}-username`}
                className="flex min-h-14 w-full items-center gap-3 rounded-2xl border-2 border-border bg-card py-2 pl-2 pr-14 text-left shadow-soft transition-[transform,border-color] duration-150 hover:border-primary active:scale-[0.98] disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <Avatar name={name} size="md" aria-hidden />
                {/* Named "Log in as {name}" by its own text; the username describes it. */}
                <span className="flex min-w-0 flex-col">
                  <span className="truncate font-display text-base font-bold">
                    <span className="sr-only">Log in as </span>
                    {name}
                  </span>
                  <span
                    id={`${idPrefix}-${index}-username`}
                    aria-hidden
                    className="truncate text-xs text-muted-foreground"
                  >
                    @{entry.username}
                  </span>
                </span>
                {busy && <Spinner size="sm" label="" className="ml-auto" />}
              </button>
              <button
                type="button"
                onClick={() => forget(entry)}
                disabled={busy}
                aria-label={`Forget ${name}`}
                className="absolute right-1.5 top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50"
              >
                <X className="size-4" aria-hidden />
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
