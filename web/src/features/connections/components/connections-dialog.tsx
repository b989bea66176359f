import { CloudOff, MessageCircle, MoreHorizontal, UserMinus, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { ROLE_LABELS } from '@/lib/roles';
import { useSafety } from '@/lib/safety';
import type { ConnectionWithUser } from '../api/types';
import { useRemoveConnection } from '../hooks/use-connection-actions';
import { RemoveConnectionDialog } from './remove-connection-dialog';
import { useConnectionsWhileOpen } from '../hooks/use-connection-lists';

function personName(connection: ConnectionWithUser): string {
  const { firstName, lastName, username } = connection.connectedUser;
  return `${firstName} ${lastName}`.trim() || username;
}

/**
 * The 'N Connections' button and the dialog it opens (spec 000 §2): every accepted connection with a message
 * shortcut (`/ideate?chat={id}`), a remove button that asks first (Remove Connection) and, where the app offers
 * them, Block and Report behind "More".
 */
export function ConnectionsButton({ count }: { count: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" className="w-full" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <Users aria-hidden />
        {`${count} Connections`}
      </Button>
      <ConnectionsDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

export function ConnectionsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  // Read afresh each time it opens: only accepted connections are listed (pending ones are requests).
  const list = useConnectionsWhileOpen(open);
  const accepted = list.data?.filter((connection) => connection.status === 'accepted');
  const remove = useRemoveConnection();
  const [confirming, setConfirming] = useState<ConnectionWithUser | null>(null);
  const safety = useSafety();

  const confirm = () => {
    if (!confirming) return;
    remove.mutate(confirming, { onSettled: () => setConfirming(null) });
  };

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Connections</DialogTitle>
            <DialogDescription>
              {accepted === undefined
                ? 'The people in your network.'
                : accepted.length === 1
                  ? '1 person in your network.'
                  : `${accepted.length} people in your network.`}
            </DialogDescription>
          </DialogHeader>
          {accepted === undefined ? (
            list.isError ? (
              <div className="flex flex-col items-center gap-2 py-6 text-center">
                <CloudOff className="size-6 text-muted-foreground" aria-hidden />
                <p className="font-display font-bold">Your connections could not be loaded</p>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void list.refetch()}
                  loading={list.isRefetching}
                >
                  Retry
                </Button>
              </div>
            ) : (
              <div aria-busy="true" aria-label="Loading connections" className="space-y-2">
                <Skeleton className="h-16 rounded-xl" />
                <Skeleton className="h-16 rounded-xl" />
                <Skeleton className="h-16 rounded-xl" />
              </div>
            )
          ) : accepted.length === 0 ? (
            <div className="flex flex-col items-center rounded-2xl border border-dashed border-border px-6 py-8 text-center">
              <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
                <Users className="size-6" aria-hidden />
              </span>
              <p className="font-display font-bold">No connections yet</p>
              <p className="text-sm text-muted-foreground">
                Share your profile QR code to start growing your network.
              </p>
            </div>
          ) : (
            <div
              role="region"
              aria-label="Your connections"
              // The list scrolls beyond 384 px (spec 000 §9); its links and buttons take focus.
              className="-mx-2 max-h-96 overflow-y-auto overscroll-contain px-2"
            >
              <ul className="space-y-2 py-0.5">
                {accepted.map((connection) => {
                  const name = personName(connection);
                  const person = connection.connectedUser;
                  return (
                    <li
                      key={connection.id}
                      className="flex min-h-16 items-center gap-3 rounded-xl bg-muted/50 px-3 py-2"
                    >
                      <Avatar name={name} src={person.profileImageUrl} role={person.role} aria-hidden />
                      <div className="min-w-0 flex-1">
                        <p className="truncate font-display font-bold">{name}</p>
                        <Badge variant={person.role}>{ROLE_LABELS[person.role]}</Badge>
                      </div>
                      <Button variant="ghost" size="icon" asChild>
                        <Link href={`/ideate?chat=${person.id}`} aria-label={`Message ${name}`}>
                          <MessageCircle aria-hidden />
                        </Link>
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        className="text-destructive hover:bg-destructive-soft"
                        aria-label={`Remove ${name}`}
                        onClick={() => setConfirming(connection)}
                      >
                        <UserMinus aria-hidden />
                      </Button>
                      {safety && (
                        <Button
                          variant="ghost"
                          size="icon"
                          className="text-muted-foreground"
                          aria-label={`More options for ${name}`}
                          aria-haspopup="dialog"
                          onClick={() => safety.personMenu(person)}
                        >
                          <MoreHorizontal aria-hidden />
                        </Button>
                      )}
                    </li>
                  );
                })}
              </ul>
            </div>
          )}
        </DialogContent>
      </Dialog>
      <RemoveConnectionDialog
        name={confirming ? personName(confirming) : ''}
        open={confirming !== null}
        pending={remove.isPending}
        onConfirm={confirm}
        onOpenChange={(next) => {
          if (!next && !remove.isPending) setConfirming(null);
        }}
      />
    </>
  );
}
