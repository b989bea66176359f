import { cn } from '@/lib/cn';
import {
  STRENGTH_SEGMENTS,
  passwordScore,
  strengthMessage,
  strengthTone,
  type StrengthTone,
} from '../lib/password-strength';

const segmentColour: Record<StrengthTone, string> = {
  red: 'bg-destructive',
  yellow: 'bg-coin',
  blue: 'bg-explorer',
  green: 'bg-success',
};

const textColour: Record<StrengthTone, string> = {
  red: 'text-destructive',
  yellow: 'text-coin-ink',
  blue: 'text-explorer-ink',
  green: 'text-success',
};

/** Five segments, one per point of the strength score, and the spec's message. */
export function StrengthMeter({ password, id }: { password: string; id?: string }) {
  const score = passwordScore(password);
  const tone = strengthTone(score);
  return (
    <div id={id} className="flex flex-col gap-1.5">
      <div
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={STRENGTH_SEGMENTS}
        aria-valuenow={score}
        aria-valuetext={`${score} of ${STRENGTH_SEGMENTS}`}
        className="grid grid-cols-5 gap-1.5"
      >
        {Array.from({ length: STRENGTH_SEGMENTS }, (_, i) => (
          <span
            key={i}
            data-filled={i < score || undefined}
            className={cn(
              'h-1.5 rounded-full bg-muted transition-colors duration-200',
              i < score && segmentColour[tone],
            )}
          />
        ))}
      </div>
      {password !== '' && (
        <p aria-live="polite" className={cn('text-xs font-medium', textColour[tone])}>
          {strengthMessage(score)}
        </p>
      )}
    </div>
  );
}
