import { GrowMark } from '@/components/ui/logo';

/** Full-screen, branded: shown while the current user resolves (spec 000 §2). */
export function LoadingScreen() {
  return (
    <main
      className="flex min-h-dvh flex-col items-center justify-center gap-5 bg-background px-6"
      aria-busy="true"
    >
      <h1 className="sr-only">Grow</h1>
      <GrowMark className="size-16 animate-pulse motion-reduce:animate-none" />
      <p role="status" className="font-display text-lg font-bold tracking-wide text-muted-foreground">
        Loading...
      </p>
    </main>
  );
}
