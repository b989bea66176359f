import { Compass, Handshake, Lightbulb, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import type { JoinRole } from '../api/join';

const ROLES: readonly {
  role: JoinRole;
  description: string;
  icon: LucideIcon;
  tone: string;
  ring: string;
}[] = [
  {
    role: 'Innovator',
    description: 'Bring ideas and innovation',
    icon: Lightbulb,
    tone: 'bg-innovator text-on-solid',
    ring: 'hover:border-innovator focus-visible:border-innovator',
  },
  {
    role: 'Collaborator',
    description: 'Work together on development',
    icon: Handshake,
    tone: 'bg-collaborator text-on-solid',
    ring: 'hover:border-collaborator focus-visible:border-collaborator',
  },
  {
    role: 'Explorer',
    description: 'Research and explore opportunities',
    icon: Compass,
    tone: 'bg-explorer text-on-solid',
    ring: 'hover:border-explorer focus-visible:border-explorer',
  },
];

/** JOIN THE TEAM! (spec 000 §2): CHOOSE YOUR ROLE: Innovator, Collaborator or Explorer, or CANCEL. */
export function JoinDialog({
  open,
  onOpenChange,
  title,
  pendingRole,
  onChoose,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The role being sent, while the join call runs. */
  pendingRole: JoinRole | null;
  onChoose: (role: JoinRole) => void;
}) {
  const busy = pendingRole !== null;
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="text-2xl font-extrabold">JOIN THE TEAM!</DialogTitle>
          <DialogDescription>Pick how you&apos;ll help build {title}.</DialogDescription>
        </DialogHeader>
        <div role="group" aria-labelledby="choose-role" className="flex flex-col gap-2">
          <p
            id="choose-role"
            className="font-display text-xs font-bold tracking-[0.14em] text-muted-foreground"
          >
            CHOOSE YOUR ROLE:
          </p>
          {ROLES.map(({ role, description, icon: Icon, tone, ring }) => (
            <button
              key={role}
              type="button"
              onClick={() => onChoose(role)}
              disabled={busy}
              aria-busy={pendingRole === role || undefined}
              className={cn(
                'flex min-h-16 items-center gap-3 rounded-2xl border-2 border-border bg-card p-3 text-left transition-[border-color,transform] active:scale-[0.99]',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60',
                ring,
              )}
            >
              <span className={cn('flex size-11 shrink-0 items-center justify-center rounded-xl', tone)}>
                {pendingRole === role ? (
                  <Spinner size="sm" label="" />
                ) : (
                  <Icon className="size-5" aria-hidden />
                )}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-display text-base font-extrabold">{role}</span>
                <span className="block text-sm text-muted-foreground">{description}</span>
              </span>
            </button>
          ))}
        </div>
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
          CANCEL
        </Button>
      </DialogContent>
    </Dialog>
  );
}
