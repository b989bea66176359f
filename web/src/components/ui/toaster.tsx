import { CheckCircle2, Info, TriangleAlert, X } from 'lucide-react';
import { cn } from '@/lib/cn';
import { dismissToast, useCurrentToast, type ToastVariant } from '@/lib/toast';

const styles: Record<ToastVariant, string> = {
  default: 'border-border bg-card text-card-foreground',
  destructive: 'border-destructive/40 bg-destructive-soft text-destructive-soft-foreground',
  success: 'border-success/40 bg-success-soft text-success-soft-foreground',
};

const icons = { default: Info, destructive: TriangleAlert, success: CheckCircle2 } as const;

/** Renders the one toast on screen (spec 000 §9). Mount once, near the root. */
export function Toaster() {
  const current = useCurrentToast();

  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className="pointer-events-none fixed inset-x-0 top-0 z-[60] flex justify-center px-3 pt-[max(0.75rem,env(safe-area-inset-top))]"
    >
      {current && (
        <ToastCard
          key={current.id}
          id={current.id}
          title={current.title}
          description={current.description}
          variant={current.variant}
        />
      )}
    </div>
  );
}

function ToastCard(props: {
  id: number;
  title: string;
  description: string | undefined;
  variant: ToastVariant;
}) {
  const Icon = icons[props.variant];
  return (
    // The toast sits above any open dialog. Its clicks stop here, so a dialog does not take a tap on the
    // toast (e.g. closing an 'Error' toast from the dialog's own request) for a click outside and close.
    // (A wrapper that only catches its children's clicks: presentation, not a control of its own.)
    <div
      role="presentation"
      data-testid="toast"
      data-variant={props.variant}
      onClick={(event) => event.stopPropagation()}
      className={cn(
        'pointer-events-auto flex w-full max-w-md animate-toast-in items-start gap-3 rounded-2xl border p-4 pr-2 shadow-lift',
        styles[props.variant],
      )}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-display font-bold leading-snug">{props.title}</p>
        {props.description && <p className="mt-0.5 text-sm opacity-90">{props.description}</p>}
      </div>
      <button
        type="button"
        onClick={() => dismissToast(props.id)}
        aria-label="Close notification"
        className="-my-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full opacity-70 transition hover:bg-current/10 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring"
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
