import { Ban, Flag } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { safetyPersonName, useSafety, type SafetyPerson } from '@/lib/safety';

/**
 * Quiet Report and Block buttons under a person's dialog; nothing without the safety provider.
 * `onBlocked` closes the dialog: once blocked, the person is no connection any more.
 */
export function ReportBlockRow({ person, onBlocked }: { person: SafetyPerson; onBlocked: () => void }) {
  const safety = useSafety();
  if (!safety) return null;
  return (
    <div className="-mb-2 flex w-full justify-center gap-2">
      <Button
        variant="ghost"
        size="sm"
        className="text-muted-foreground"
        aria-haspopup="dialog"
        onClick={() => safety.report({ type: 'user', id: person.id, name: safetyPersonName(person) })}
      >
        <Flag aria-hidden />
        Report
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="text-destructive hover:bg-destructive-soft"
        aria-haspopup="dialog"
        onClick={() => safety.block(person, { onBlocked })}
      >
        <Ban aria-hidden />
        Block
      </Button>
    </div>
  );
}
