import {
  Bell,
  ClipboardCheck,
  Handshake,
  HeartHandshake,
  Megaphone,
  MessageSquareReply,
  Sparkles,
  Trophy,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '@/lib/cn';
import type { NotificationType } from '@/features/notifications/api/notifications';

/** Each type of spec 001 §3 with its icon and tile colours (tokens: roles, phases, coins). */
const LOOKS: Record<NotificationType, { icon: LucideIcon; tone: string }> = {
  project_update: { icon: Megaphone, tone: 'bg-phase-1 text-phase-1-foreground' },
  feedback_reply: { icon: MessageSquareReply, tone: 'bg-explorer-soft text-explorer-ink' },
  daily_motivation: {
    icon: Sparkles,
    tone: 'bg-gradient-to-br from-brand-violet to-brand-orange text-on-solid',
  },
  project_support: { icon: HeartHandshake, tone: 'bg-innovator-soft text-innovator-ink' },
  collaboration_request: { icon: Handshake, tone: 'bg-collaborator-soft text-collaborator-ink' },
  reward: { icon: Trophy, tone: 'bg-coin-soft text-coin-ink' },
  task_assignment: { icon: ClipboardCheck, tone: 'bg-investor-soft text-investor-ink' },
};

/** The tile at the start of a notification: what kind of news it is, at a glance. */
export function NotificationIcon({ type, className }: { type: NotificationType; className?: string }) {
  const look = LOOKS[type] ?? { icon: Bell, tone: 'bg-muted text-muted-foreground' };
  const Icon = look.icon;
  return (
    <span
      aria-hidden
      className={cn('flex size-11 shrink-0 items-center justify-center rounded-2xl', look.tone, className)}
    >
      <Icon className="size-5" strokeWidth={2.25} />
    </span>
  );
}
