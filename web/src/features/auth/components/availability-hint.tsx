import { Check } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import type { AvailabilityStatus } from '../hooks/use-availability';

/** Inline status under the email / username fields: checking…, available ✓ or the taken message. */
export function AvailabilityHint({
  status,
  availableText,
  takenText,
}: {
  status: AvailabilityStatus;
  availableText: string;
  takenText: string;
}) {
  return (
    <p aria-live="polite" className="min-h-5 text-sm">
      {status === 'checking' && (
        <span className="inline-flex items-center gap-2 text-muted-foreground">
          <Spinner size="sm" label="" /> Checking…
        </span>
      )}
      {status === 'available' && (
        <span className="inline-flex items-center gap-1.5 font-medium text-success">
          {availableText} <Check className="size-4" strokeWidth={3} aria-label="✓" />
        </span>
      )}
      {status === 'taken' && <span className="font-medium text-destructive">{takenText}</span>}
    </p>
  );
}
