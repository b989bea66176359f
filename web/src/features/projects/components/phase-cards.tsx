import { Check, ClipboardList, Hammer, Lightbulb, Rocket, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import {
  PHASE_HINTS,
  PHASE_LABELS,
  phaseProgress,
  phaseTone,
  SELECTABLE_PHASES,
  type Phase,
} from '@/lib/projects/phases';

const ICONS: Partial<Record<Phase, LucideIcon>> = {
  idea: Lightbulb,
  planning: ClipboardList,
  development: Hammer,
  launch: Rocket,
};

/** The four phase cards of the create form (spec 001 §2.4): idea, planning, development, launch, as one radio group. */
export function PhaseCards({ value, onChange }: { value: string; onChange: (phase: Phase) => void }) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-3 font-display text-xs font-semibold uppercase tracking-[0.08em] text-muted-foreground">
        Phase
      </legend>
      <div className="grid grid-cols-2 gap-2">
        {SELECTABLE_PHASES.map((phase) => {
          const Icon = ICONS[phase] ?? Lightbulb;
          const checked = value === phase;
          return (
            <label
              key={phase}
              className={cn(
                'relative flex min-h-24 cursor-pointer flex-col gap-2 rounded-xl border-2 border-border bg-card p-3 transition-[border-color,background-color,transform] active:scale-[0.98]',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                checked
                  ? 'border-primary shadow-soft ring-4 ring-primary/15'
                  : 'hover:border-muted-foreground/40',
              )}
            >
              <input
                type="radio"
                name={name}
                value={phase}
                checked={checked}
                onChange={() => onChange(phase)}
                className="sr-only"
                aria-describedby={`${name}-${phase}-hint`}
              />
              <span className="flex items-center justify-between">
                <span className={cn('flex size-9 items-center justify-center rounded-lg', phaseTone(phase))}>
                  <Icon className="size-[1.1rem]" aria-hidden />
                </span>
                {checked && (
                  <span
                    aria-hidden
                    className="flex size-6 animate-pop items-center justify-center rounded-full bg-primary text-primary-foreground"
                  >
                    <Check className="size-3.5" strokeWidth={3.5} />
                  </span>
                )}
              </span>
              <span>
                <span className="block font-display text-sm font-extrabold">{PHASE_LABELS[phase]}</span>
                <span id={`${name}-${phase}-hint`} className="block text-xs text-muted-foreground">
                  {PHASE_HINTS[phase]}
                </span>
              </span>
              <span aria-hidden className="mt-auto h-1 overflow-hidden rounded-full bg-muted">
                <span
                  className="block h-full rounded-full bg-primary"
                  style={{ width: `${phaseProgress(phase)}%` }}
                />
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
