import { cn } from '@/lib/cn';

/** "Step n of 3" with a bar per step; done and current steps are filled. */
export function StepIndicator({ step, total }: { step: number; total: number }) {
  return (
    <div className="flex flex-col gap-2">
      <p className="font-display text-xs font-bold uppercase tracking-[0.14em] text-muted-foreground">
        Step {step} of {total}
      </p>
      <ol className="grid gap-1.5" style={{ gridTemplateColumns: `repeat(${total}, minmax(0, 1fr))` }}>
        {Array.from({ length: total }, (_, i) => (
          <li
            key={i}
            aria-current={i + 1 === step ? 'step' : undefined}
            className={cn(
              'h-1.5 rounded-full transition-colors duration-300',
              i + 1 <= step ? 'bg-primary' : 'bg-muted',
            )}
          >
            <span className="sr-only">Step {i + 1}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
