import type { LucideIcon } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { GrowLogo } from '@/components/ui/logo';

/** A centred full-screen message with one way onward (404, login required). */
export function MessageScreen(props: {
  icon: LucideIcon;
  title: string;
  message: string;
  action: string;
  href?: string;
  /** Inside the signed-in shell (no logo, no full height). */
  embedded?: boolean;
}) {
  const Icon = props.icon;
  const [, navigate] = useLocation();
  const body = (
    <div className="flex flex-col items-center text-center">
      <span className="mb-5 flex size-20 items-center justify-center rounded-3xl bg-primary-soft text-primary-soft-foreground shadow-soft">
        <Icon className="size-10" aria-hidden />
      </span>
      <h1 className="font-display text-3xl font-extrabold">{props.title}</h1>
      <p className="mt-2 max-w-xs text-muted-foreground">{props.message}</p>
      <Button size="lg" className="mt-7" onClick={() => navigate(props.href ?? '/')}>
        {props.action}
      </Button>
    </div>
  );
  if (props.embedded) return <div className="py-16">{body}</div>;
  return (
    <div className="flex min-h-dvh flex-col bg-background px-6 pt-safe pb-safe">
      <div className="pt-6">
        <GrowLogo markClassName="size-8" />
      </div>
      <div className="flex flex-1 items-center justify-center pb-16">{body}</div>
    </div>
  );
}
