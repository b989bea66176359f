import {
  CalendarCheck,
  FolderPlus,
  Handshake,
  Lightbulb,
  ListChecks,
  Sparkles,
  Ticket,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import { Section } from './section';

/** The earning guide of spec 000 §9. */
const WAYS: readonly { label: string; coins: string; icon: LucideIcon; tone: string }[] = [
  {
    label: 'Complete tasks',
    coins: '15-30',
    icon: ListChecks,
    tone: 'bg-collaborator-soft text-collaborator-ink',
  },
  {
    label: 'Create projects',
    coins: '50-200',
    icon: FolderPlus,
    tone: 'bg-innovator-soft text-innovator-ink',
  },
  { label: 'Make connections', coins: '25', icon: UserPlus, tone: 'bg-explorer-soft text-explorer-ink' },
  {
    label: 'Daily login',
    coins: '10',
    icon: CalendarCheck,
    tone: 'bg-primary-soft text-primary-soft-foreground',
  },
  { label: 'Scratch cards', coins: '10-100', icon: Ticket, tone: 'bg-coin-soft text-coin-ink' },
  { label: 'Join collaborations', coins: '35', icon: Handshake, tone: 'bg-investor-soft text-investor-ink' },
];

const TIPS: readonly string[] = [
  'Scratch your card every day: a new one is ready 24 hours after the last.',
  'Log in every day to keep your streak alive and collect 10 coins.',
  'Projects pay the most: 50 to 200 coins each.',
  'Climb 11 levels, from Fresher I to Legend. One coin is about 4 minutes of effort, so Legend is 10,000 hours.',
];

/** HOW TO EARN COINS with PRO TIPS (spec 000 §2, §9). */
export function EarnGuide() {
  return (
    <Section
      id="earn-heading"
      title="HOW TO EARN COINS"
      icon={Sparkles}
      tone="bg-collaborator-soft text-collaborator-ink"
    >
      <ul className="grid grid-cols-2 gap-2">
        {WAYS.map((way) => (
          <li key={way.label} className="flex items-center gap-2.5 rounded-xl bg-muted/50 p-2.5">
            <span className={`flex size-9 shrink-0 items-center justify-center rounded-lg ${way.tone}`}>
              <way.icon className="size-[1.1rem]" strokeWidth={2.25} aria-hidden />
            </span>
            <span className="min-w-0">
              <span className="block text-xs font-semibold leading-tight">{way.label}</span>
              <span className="block font-display text-sm font-extrabold tabular-nums text-coin-ink">
                {way.coins} <span className="text-xs font-bold">coins</span>
              </span>
            </span>
          </li>
        ))}
      </ul>

      <div className="mt-3 rounded-xl bg-primary-soft p-3.5 text-primary-soft-foreground">
        <h4 className="flex items-center gap-1.5 font-display text-sm font-extrabold tracking-widest">
          <Lightbulb className="size-4" aria-hidden /> PRO TIPS
        </h4>
        <ul className="mt-2 space-y-1.5 text-sm">
          {TIPS.map((tip) => (
            <li key={tip} className="flex gap-2">
              <span aria-hidden className="mt-2 size-1.5 shrink-0 rounded-full bg-current" />
              {tip}
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}
