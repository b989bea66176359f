import { PartyPopper, UserCheck } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { ConnectionCoins } from '@/components/coins/connection-coins';
import { ReportBlockRow } from '@/components/safety/report-block-row';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { ROLE_LABELS } from '@/lib/roles';
import type { ScanResponse } from '@/resources/connections';

/**
 * The scanned-profile dialog (spec 000 §2): 'CONNECTION ADDED!' or 'ALREADY CONNECTED', with the other person's
 * photo, name, role and bio, and CONTINUE. Shown after a scan in the chat and after a connect link on the profile;
 * `noBio` is what each says for a person without a bio (the chat's people list and the profile word it apart).
 */
export function ScannedProfileDialog({
  result,
  onClose,
  noBio,
}: {
  result: ScanResponse | null;
  onClose: () => void;
  noBio: string;
}) {
  const person = result?.profileUser;
  const name = person ? `${person.firstName} ${person.lastName}`.trim() : '';
  const isNew = result?.isNewConnection ?? false;
  const Icon = isNew ? PartyPopper : UserCheck;

  return (
    <Dialog open={result !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="items-center text-center">
        {person && (
          <>
            <span
              aria-hidden
              className={cn(
                'flex size-14 animate-pop items-center justify-center rounded-2xl',
                isNew
                  ? 'bg-success-soft text-success-soft-foreground'
                  : 'bg-primary-soft text-primary-soft-foreground',
              )}
            >
              <Icon className="size-7" />
            </span>
            <DialogTitle className="font-extrabold tracking-wide">
              {isNew ? 'CONNECTION ADDED!' : 'ALREADY CONNECTED'}
            </DialogTitle>
            <div className="flex w-full flex-col items-center rounded-2xl bg-muted/50 px-4 py-5">
              <Avatar
                name={name}
                src={person.profileImageUrl}
                role={person.role}
                size="lg"
                className="ring-4 ring-card"
              />
              <p className="mt-3 font-display text-xl font-extrabold">{name}</p>
              <Badge variant={person.role} className="mt-1">
                {ROLE_LABELS[person.role]}
              </Badge>
              <DialogDescription className="mt-3 text-pretty text-foreground/90">
                {person.bio?.trim() || noBio}
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
