import { PartyPopper, Send, UserCheck, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { ConnectionCoins } from '@/components/coins/connection-coins';
import { ReportBlockRow } from '@/components/safety/report-block-row';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { ROLE_LABELS } from '@/lib/roles';
import type { ScanResponse } from '../api/types';

function Burst({ children, tone }: { children: ReactNode; tone: string }) {
  return (
    <span
      aria-hidden
      className={cn('flex size-14 animate-pop items-center justify-center rounded-2xl', tone)}
    >
      {children}
    </span>
  );
}

/** A short notice with one button (spec 000 §2 dialogs). */
function Notice({
  open,
  onClose,
  icon,
  tone,
  title,
  text,
}: {
  open: boolean;
  onClose: () => void;
  icon: ReactNode;
  tone: string;
  title: string;
  text: string;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="items-center text-center">
        <Burst tone={tone}>{icon}</Burst>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{text}</DialogDescription>
        <Button size="lg" className="w-full" onClick={onClose}>
          CONTINUE
        </Button>
      </DialogContent>
    </Dialog>
  );
}

/** 'Connection Request Sent' (spec 000 §2). */
export function RequestSentDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Notice
      open={open}
      onClose={onClose}
      icon={<Send className="size-7" />}
      tone="bg-primary-soft text-primary-soft-foreground"
      title="Connection Request Sent"
      text="You'll be notified when they respond"
    />
  );
}

/** 'Successfully Joined!' after joining a community room (spec 000 §2). */
export function JoinedDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Notice
      open={open}
      onClose={onClose}
      icon={<Users className="size-7" />}
      tone="bg-success-soft text-success-soft-foreground"
      title="Successfully Joined!"
      text="You can now participate in discussions"
    />
  );
}

/**
 * The scanned-profile dialog (spec 000 §2): 'CONNECTION ADDED!' or 'ALREADY CONNECTED', with the other person's
 * photo, name, role and bio, and CONTINUE.
 */
export function ScannedProfileDialog({
  result,
  onClose,
}: {
  result: ScanResponse | null;
  onClose: () => void;
}) {
  const person = result?.profileUser;
  const name = person ? `${person.firstName} ${person.lastName}`.trim() : '';
  const isNew = result?.isNewConnection ?? false;
  return (
    <Dialog open={result !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="items-center text-center">
        {person && (
          <>
            <Burst
              tone={
                isNew
                  ? 'bg-success-soft text-success-soft-foreground'
                  : 'bg-primary-soft text-primary-soft-foreground'
              }
            >
              {isNew ? <PartyPopper className="size-7" /> : <UserCheck className="size-7" />}
            </Burst>
            <DialogTitle className="font-extrabold tracking-wide">
              {isNew ? 'CONNECTION ADDED!' : 'ALREADY CONNECTED'}
            </DialogTitle>
            <div className="flex w-full flex-col items-center rounded-2xl bg-muted/50 px-4 py-5">
              <Avatar name={name} src={person.profileImageUrl} role={person.role} size="lg" />
              <p className="mt-3 font-display text-xl font-extrabold">{name}</p>
              <Badge variant={person.role} className="mt-1">
                {ROLE_LABELS[person.role]}
              </Badge>
              <DialogDescription className="mt-3 text-pretty text-foreground/90">
                {person.bio?.trim() || 'No bio available'}
              </DialogDescription>
              <ConnectionCoins result={result} />
            </div>
            <Button size="lg" className="w-full" onClick={onClose}>
              CONTINUE
            </Button>
            <ReportBlockRow person={person} onBlocked={onClose} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
