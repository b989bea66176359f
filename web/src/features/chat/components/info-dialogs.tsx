import { Send, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';

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
