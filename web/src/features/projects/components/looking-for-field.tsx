import { Compass, Handshake, Lightbulb, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import {
  LOOKING_FOR_LIMIT_TOAST,
  LOOKING_FOR_OPTIONS,
  MAX_LOOKING_FOR,
  toggleLookingFor,
  type LookingFor,
} from '../lib/looking-for';

const LOOKS: Record<LookingFor, { icon: LucideIcon; hint: string; tone: string; checked: string }> = {
  Innovator: {
    icon: Lightbulb,
    hint: 'Ideas and product thinking',
    tone: 'bg-innovator text-on-solid',
    checked: 'border-innovator bg-innovator-soft',
  },
  Collaborator: {
    icon: Handshake,
    hint: 'Skills to build it with you',
    tone: 'bg-collaborator text-on-solid',
    checked: 'border-collaborator bg-collaborator-soft',
  },
  Explorer: {
    icon: Compass,
    hint: 'Research and early feedback',
    tone: 'bg-explorer text-on-solid',
    checked: 'border-explorer bg-explorer-soft',
  },
};

/**
 * Looking For (spec 001 §2.4, §5): optional, at most 2 of Innovator, Collaborator, Explorer. At 2 the other box
 * reads as disabled and a tap on it is refused with 'Selection limit reached'; Clear unticks all.
 */
export function LookingForField({
  value,
  onChange,
}: {
  value: string[];
  onChange: (next: string[]) => void;
}) {
  const id = useId();
  const full = value.length >= MAX_LOOKING_FOR;

  const toggle = (option: string) => {
    const { next, refused } = toggleLookingFor(value, option);
    if (refused) toast(LOOKING_FOR_LIMIT_TOAST);
    else onChange(next);
  };

  return (
    <fieldset className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <legend className="font-display text-xs font-semibold uppercase tracking-[0.08em] text-muted-foreground">
          Looking For <span className="normal-case tracking-normal">(optional)</span>
        </legend>
        <div className="flex items-center gap-1">
          <span className="text-xs font-semibold tabular-nums text-muted-foreground" aria-live="polite">
            {value.length}/{MAX_LOOKING_FOR} selected
          </span>
          <Button variant="ghost" size="sm" onClick={() => onChange([])} disabled={value.length === 0}>
            Clear
          </Button>
        </div>
      </div>
      <div className="grid gap-2">
        {LOOKING_FOR_OPTIONS.map((option) => {
          const look = LOOKS[option];
          const Icon = look.icon;
          const checked = value.includes(option);
          const blocked = full && !checked;
          const boxId = `${id}-${option}`;
          return (
            <div
              key={option}
              className={cn(
                'relative flex min-h-14 items-center gap-3 rounded-xl border-2 border-border bg-card px-3 py-2 transition-colors',
                checked && look.checked,
                blocked && 'opacity-55',
              )}
            >
              <Checkbox
                id={boxId}
                checked={checked}
                // Read as disabled at the limit, but still answers a tap with the spec's refusal.
                aria-disabled={blocked || undefined}
                onCheckedChange={() => toggle(option)}
                aria-describedby={`${boxId}-hint`}
              />
              <label htmlFor={boxId} className="flex min-w-0 flex-1 cursor-pointer items-center gap-3 py-1">
                <span
                  className={cn('flex size-9 shrink-0 items-center justify-center rounded-lg', look.tone)}
                >
                  <Icon className="size-[1.1rem]" aria-hidden />
                </span>
                <span className="min-w-0">
                  <span className="block font-display text-sm font-bold">{option}</span>
                  <span id={`${boxId}-hint`} className="block text-xs text-muted-foreground">
                    {look.hint}
                  </span>
                </span>
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
