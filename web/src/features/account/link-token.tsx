// What the pages opened from a mailed link share: the link's token, used once, and the wait while it is.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Spinner } from '@/components/ui/spinner';

/** The `token` of the address the page was opened at. */
function tokenOfPage(): string {
  return new URLSearchParams(window.location.search).get('token') ?? '';
}

/** Runs `act` once with the page's token (a link is single-use: a second run would say it failed). */
export function useOnce<T>(act: (token: string) => Promise<T>, onDone?: (value: T) => void) {
  const run = useMutation({ mutationFn: act, onSuccess: onDone });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    run.mutate(tokenOfPage());
  }, [run]);
  return run;
}

export function Working({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[60vh] flex-col items-center justify-center gap-3"
    >
      <Spinner className="size-8" aria-hidden />
      <p className="text-muted-foreground">{label}</p>
    </div>
  );
}
