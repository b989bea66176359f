import { ChevronRight, CloudOff, Download, ShieldCheck, Trash2, UserX } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Link } from 'wouter';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { lazyChunk } from '@/lib/lazy-chunk';
import type { User } from '@/lib/session';
import type { BlockedUser } from '../api/types';
import { useExportAccount } from '../hooks/use-account-actions';
import { useUnblock } from '../hooks/use-safety-actions';
import { fullName } from '../lib/words';
import { useBlockedPeople } from '../hooks/use-safety-actions';

// Its own chunk, fetched when the button is first pointed at or focused: few ever open it.
const loadDeleteDialog = () => import('./delete-account-dialog');
const DeleteAccountDialog = lazyChunk(loadDeleteDialog);
const preloadDeleteDialog = () => void loadDeleteDialog().catch(() => undefined);

/**
 * The profile's safety and data section (issue 18): the people I blocked with Unblock, Download my data and
 * Delete my account; administrators also get their way to /admin.
 */
export function SafetySection({ user }: { user: User }) {
  const [deleting, setDeleting] = useState(false);
  const exporter = useExportAccount();

  return (
    <section aria-labelledby="safety-heading" className="space-y-3">
      <h2
        id="safety-heading"
        className="px-1 font-display text-xs font-bold uppercase tracking-wider text-muted-foreground"
      >
        Safety and your data
      </h2>

      {user.isAdmin && (
        <Link
          href="/admin"
          className="flex min-h-16 items-center gap-3 rounded-2xl border border-border bg-card p-3 pr-4 shadow-soft transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-ring"
        >
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-foreground">
            <ShieldCheck className="size-5" aria-hidden />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block font-display font-bold">Administration</span>
            <span className="block text-sm text-muted-foreground">Review open reports</span>
          </span>
          <ChevronRight className="size-5 text-muted-foreground" aria-hidden />
        </Link>
      )}

      <Card className="p-4">
        <h3 id="blocked-heading" className="font-display text-base font-bold">
          Blocked people
        </h3>
        <p className="mb-3 text-sm text-muted-foreground">
          They can't message you, send you requests or find you in search.
        </p>
        <BlockedPeople />
      </Card>

      <Card className="divide-y divide-border">
        <div className="flex flex-col gap-3 p-4">
          <div>
            <h3 className="font-display text-base font-bold">Your data</h3>
            <p className="text-sm text-muted-foreground">
              A copy of everything your account holds, as one JSON file.
            </p>
          </div>
          <Button
            variant="outline"
            className="w-full"
            onClick={() => exporter.mutate()}
            loading={exporter.isPending}
          >
            {!exporter.isPending && <Download aria-hidden />}
            {exporter.isPending ? 'Preparing your data...' : 'Download my data'}
          </Button>
        </div>
        <div className="flex flex-col gap-3 p-4">
          <div>
            <h3 className="font-display text-base font-bold">Leave Grow</h3>
            <p className="text-sm text-muted-foreground">
              Deletes your account and everything in it, for good.
            </p>
          </div>
          <Button
            variant="outline"
            className="w-full border-destructive/40 text-destructive hover:border-destructive hover:bg-destructive-soft hover:text-destructive"
            aria-haspopup="dialog"
            onClick={() => setDeleting(true)}
            onPointerEnter={preloadDeleteDialog}
            onFocus={preloadDeleteDialog}
          >
            <Trash2 aria-hidden />
            Delete my account
          </Button>
        </div>
      </Card>

      {/* The boundary stays mounted (lib/lazy-chunk.ts: a boundary mounted with a dialog that suspends). */}
      <Suspense fallback={null}>
        {deleting && <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} />}
      </Suspense>
    </section>
  );
}

/** The people I blocked, each with Unblock; the empty, loading and error states. */
export function BlockedPeople() {
  const list = useBlockedPeople();
  const unblock = useUnblock();

  if (list.isPending)
    return (
      <div aria-busy="true" aria-label="Loading blocked people" className="space-y-2">
        <Skeleton className="h-14 rounded-xl" />
        <Skeleton className="h-14 rounded-xl" />
      </div>
    );
  if (list.isError)
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-2 rounded-xl bg-muted/50 px-4 py-5 text-center"
      >
        <CloudOff className="size-6 text-muted-foreground" aria-hidden />
        <p className="font-display text-sm font-bold">Blocked people could not be loaded</p>
        <Button variant="outline" size="sm" onClick={() => void list.refetch()} loading={list.isRefetching}>
          Retry
        </Button>
      </div>
    );
  if (list.data.length === 0)
    return (
      <div className="flex items-center gap-3 rounded-xl border border-dashed border-border px-4 py-4">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <UserX className="size-4" aria-hidden />
        </span>
        <p className="text-sm text-muted-foreground">You haven't blocked anyone.</p>
      </div>
    );

  const pending = (person: BlockedUser) => unblock.isPending && unblock.variables?.id === person.id;
  return (
    <ul aria-labelledby="blocked-heading" className="space-y-2">
      {list.data.map((person) => {
        const name = fullName(person);
        return (
          <li
            key={person.id}
            className="flex min-h-14 items-center gap-3 rounded-xl bg-muted/50 py-1.5 pl-2 pr-1.5"
          >
            <Avatar name={name} src={person.profileImageUrl} role={person.role} size="sm" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="truncate font-display text-sm font-bold">{name}</p>
              <p className="truncate text-xs text-muted-foreground">@{person.username}</p>
            </div>
            <Button
              variant="outline"
              size="sm"
              aria-label={`Unblock ${name}`}
              loading={pending(person)}
              disabled={unblock.isPending}
              onClick={() => unblock.mutate(person)}
            >
              Unblock
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
