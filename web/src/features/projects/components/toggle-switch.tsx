import { cn } from '@/lib/cn';
import { Spinner } from '@/components/ui/spinner';

/**
 * An on/off switch (`role="switch"`), 44 px tall with its label: Published/Unpublished, Protected/Open.
 */
export function ToggleSwitch({
  checked,
  onChange,
  label,
  stateText,
  description,
  disabled = false,
  busy = false,
  id,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The setting's name ('Visibility'). */
  label: string;
  /** The state in words ('Published' / 'Unpublished'), shown and announced. */
  stateText: string;
  description?: string;
  disabled?: boolean;
  busy?: boolean;
  id: string;
}) {
  return (
    <div className="flex items-center gap-3">
      <div className="min-w-0 flex-1">
        <p id={`${id}-label`} className="font-display text-sm font-bold">
          {label}
        </p>
        {description && (
          <p id={`${id}-description`} className="text-xs text-muted-foreground">
            {description}
          </p>
        )}
      </div>
      <button
        type="button"
        role="switch"
        id={id}
        aria-checked={checked}
        aria-labelledby={`${id}-label ${id}-state`}
        aria-describedby={description ? `${id}-description` : undefined}
        aria-busy={busy || undefined}
        disabled={disabled || busy}
        onClick={() => onChange(!checked)}
        className={cn(
          'group inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full py-1 pl-3 pr-1 font-display text-xs font-bold uppercase tracking-wide transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60',
          checked ? 'bg-success-soft text-success-soft-foreground' : 'bg-muted text-muted-foreground',
        )}
      >
        <span id={`${id}-state`}>{stateText}</span>
        <span
          aria-hidden
          className={cn(
            'relative inline-flex h-7 w-12 items-center rounded-full p-0.5 transition-colors',
            checked ? 'bg-success' : 'bg-input',
          )}
        >
          <span
            className={cn(
              'flex size-6 items-center justify-center rounded-full bg-card text-foreground shadow-soft transition-transform duration-200',
              checked ? 'translate-x-5' : 'translate-x-0',
            )}
          >
            {busy && <Spinner size="sm" label="" className="size-3 border" />}
          </span>
        </span>
      </button>
    </div>
  );
}
