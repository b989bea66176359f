import type { LucideIcon } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { GrowLogo } from '@/components/ui/logo';

/** A centred full-screen message with one way onward (404, login required, an error to retry), or two. */
export function MessageScreen(props: {
  icon: LucideIcon;
  title: string;
  message: string;
  action: string;
  /** Where the action goes (default `/`), unless `onAction` is given. */
  href?: string;
  onAction?: () => void;
  /** A second, quieter way onward under the first. */
  secondary?: { label: string; onAction: () => void };
  /**
   * Inside the signed-in shell: no logo, no full height, and the title is an h2 (the shell's header holds the
   * page's one h1).
   */
  embedded?: boolean;
}) {
  const Icon = props.icon;
  const [, navigate] = useLocation();
  const Heading = props.embedded ? 'h2' : 'h1';
  const body = (
    <div className="flex flex-col items-center text-center">
      <span className="mb-5 flex size-20 items-center justify-center rounded-3xl bg-primary-soft text-primary-soft-foreground shadow-soft">
        <Icon className="size-10" aria-hidden />
      </span>
      <Heading className="font-display text-3xl font-extrabold">{props.title}</Heading>
      <p className="mt-2 max-w-xs text-muted-foreground">{props.message}</p>
      <Button size="lg" className="mt-7" onClick={props.onAction ?? (() => navigate(props.href ?? '/'))}>
        {props.action}
      </Button>
      {props.secondary && (
        <Button variant="ghost" className="mt-2" onClick={props.secondary.onAction}>
          {props.secondary.label}
        </Button>
      )}
    </div>
  );
  if (props.embedded) return <div className="py-16">{body}</div>;
  return (
    <main className="flex min-h-dvh flex-col bg-background px-6 pt-safe-flow pb-safe">
      <div className="pt-6">
        <GrowLogo markClassName="size-8" />
      </div>
      <div className="flex flex-1 items-center justify-center pb-16">{body}</div>
    </main>
  );
}
