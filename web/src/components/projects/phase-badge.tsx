import { cn } from '@/lib/cn';
import { phaseLabel, phaseTone } from '@/lib/projects/phases';

/** The phase on the purple scale (idea light … launch deep); other values in the default style. */
export function PhaseBadge({ phase, className }: { phase: string; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-1 font-display text-[0.6875rem] font-bold uppercase leading-none tracking-wider',
        phaseTone(phase),
        className,
      )}
    >
      <span className="sr-only">Phase: </span>
      {phaseLabel(phase)}
    </span>
  );
}
