import { Check, Compass, Handshake, Lightbulb, TrendingUp, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { Role } from '@/lib/roles';

interface RolePlan {
  role: Exclude<Role, 'investor'>;
  title: string;
  wasPrice?: string;
  summary: string;
  features: string[];
  icon: LucideIcon;
  /** Classes for the selected card, the icon disc and the check mark, in the role's colour. */
  selected: string;
  disc: string;
}

/** The sign-up role cards (spec 000 §3 "Role plans shown"). Every plan is FREE. */
export const ROLE_PLANS: readonly RolePlan[] = [
  {
    role: 'explorer',
    title: 'EXPLORER',
    summary: 'Discover and evaluate innovative projects',
    features: ['Browse Projects', 'Basic Chat', 'Profile Creation', 'Community Access'],
    icon: Compass,
    selected: 'border-explorer bg-explorer-soft',
    disc: 'bg-explorer',
  },
  {
    role: 'collaborator',
    title: 'COLLABORATOR',
    wasPrice: '£15/month',
    summary: 'Contribute skills and expertise',
    features: ['Join Projects', 'Advanced Chat', 'Skill Matching', 'Collaboration Tools'],
    icon: Handshake,
    selected: 'border-collaborator bg-collaborator-soft',
    disc: 'bg-collaborator',
  },
  {
    role: 'innovator',
    title: 'INNOVATOR',
    wasPrice: '£25/month',
    summary: 'Create and develop solutions',
    features: ['Create Projects', 'Project Management', 'Team Building', 'Advanced Analytics'],
    icon: Lightbulb,
    selected: 'border-innovator bg-innovator-soft',
    disc: 'bg-innovator',
  },
];

/** Three role cards plus a small "I'm an investor" choice, as one radio group (default explorer). */
export function RolePicker({ value, onChange }: { value: Role; onChange: (role: Role) => void }) {
  return (
    <div role="radiogroup" aria-label="Role" className="flex flex-col gap-3">
      {ROLE_PLANS.map((plan) => {
        const checked = value === plan.role;
        const Icon = plan.icon;
        return (
          <label
            key={plan.role}
            className={cn(
              'relative flex cursor-pointer gap-3 rounded-2xl border-2 border-border bg-card p-4 transition-[transform,border-color,background-color] duration-150 active:scale-[0.99]',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
              checked ? plan.selected : 'hover:border-muted-foreground/40',
            )}
          >
            <input
              type="radio"
              name="signup-role"
              value={plan.role}
              checked={checked}
              onChange={() => onChange(plan.role)}
              className="sr-only"
              aria-labelledby={`role-${plan.role}-title`}
              aria-describedby={`role-${plan.role}-summary`}
            />
            <span
              aria-hidden
              className={cn(
                'flex size-11 shrink-0 items-center justify-center rounded-xl text-on-solid',
                plan.disc,
              )}
            >
              <Icon className="size-5" />
            </span>
            <span className="flex min-w-0 flex-1 flex-col gap-1">
              <span className="flex flex-wrap items-baseline justify-between gap-x-2">
                <span
                  id={`role-${plan.role}-title`}
                  className="font-display text-base font-extrabold tracking-wide"
                >
                  {plan.title}
                </span>
                <span className="flex items-baseline gap-1.5">
                  {plan.wasPrice && (
                    <s className="text-xs text-muted-foreground">
                      <span className="sr-only">Usually </span>
                      {plan.wasPrice}
                    </s>
                  )}
                  <span className="rounded-full bg-coin px-2 py-0.5 font-display text-xs font-extrabold text-coin-foreground">
                    FREE
                  </span>
                </span>
              </span>
              <span id={`role-${plan.role}-summary`} className="text-sm text-muted-foreground">
                {plan.summary}
              </span>
              <ul className="mt-1 grid grid-cols-2 gap-x-2 gap-y-1 text-xs font-medium">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex items-center gap-1">
                    <Check className="size-3.5 shrink-0 text-success" strokeWidth={3} aria-hidden />
                    {feature}
                  </li>
                ))}
              </ul>
            </span>
            {checked && (
              <span
                aria-hidden
                className={cn(
                  'absolute -right-2 -top-2 flex size-6 animate-pop items-center justify-center rounded-full text-on-solid shadow-soft',
                  plan.disc,
                )}
              >
                <Check className="size-3.5" strokeWidth={3.5} />
              </span>
            )}
          </label>
        );
      })}
      <label
        className={cn(
          'flex min-h-11 cursor-pointer items-center gap-2 self-center rounded-full border-2 px-4 py-2 text-sm font-semibold transition-colors',
          'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
          value === 'investor'
            ? 'border-investor bg-investor-soft text-investor-ink'
            : 'border-dashed border-border text-muted-foreground hover:text-foreground',
        )}
      >
        <input
          type="radio"
          name="signup-role"
          value="investor"
          checked={value === 'investor'}
          onChange={() => onChange('investor')}
          className="sr-only"
        />
        <TrendingUp className="size-4" aria-hidden />
        I&apos;m an investor
      </label>
    </div>
  );
}
