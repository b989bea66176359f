import { Compass, MessageCircle, Plus, Search, TrendingUp, Trophy, type LucideIcon } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { cn } from '@/lib/cn';
import type { Role } from '@/lib/roles';
import { createLabel } from '@/app/shell/route-title';

interface Item {
  href: string;
  label: string;
  icon: LucideIcon;
  /** Other paths on which this item is the active one. */
  alsoActiveOn?: string[];
  /** A red dot, and what it means to people who cannot see it; none when undefined. */
  dot?: string;
}

/**
 * Red dots on the tabs (spec 001 §2.7): Explore while notifications are unread; Ideate while a conversation has
 * unread messages.
 */
export interface NavIndicators {
  explore?: boolean;
  ideate?: boolean;
}

/**
 * Thumb-reach navigation: Explore, Search, a raised centre Create/Invest, Rewards, Ideate (spec 000 §2).
 * A bar along the bottom edge on phones, a floating dock centred under the content column from `sm` up.
 */
export function BottomNav({
  role,
  indicators = {},
}: {
  role: Role | null | undefined;
  indicators?: NavIndicators;
}) {
  const [path] = useLocation();
  const centreLabel = createLabel(role);
  const isActive = (item: Item) => path === item.href || (item.alsoActiveOn ?? []).includes(path);

  const left: Item[] = [
    {
      href: '/',
      label: 'Explore',
      icon: Compass,
      alsoActiveOn: ['/explore'],
      dot: indicators.explore ? 'unread notifications' : undefined,
    },
    { href: '/search', label: 'Search', icon: Search },
  ];
  const right: Item[] = [
    { href: '/rewards', label: 'Rewards', icon: Trophy },
    {
      href: '/ideate',
      label: 'Ideate',
      icon: MessageCircle,
      dot: indicators.ideate ? 'unread messages' : undefined,
    },
  ];
  const centreActive = path === '/create';
  const CentreIcon = centreLabel === 'Invest' ? TrendingUp : Plus;

  return (
    <nav
      aria-label="Main"
      className={cn(
        'fixed inset-x-0 bottom-0 z-40 border-t border-border/70 bg-card/95 pb-safe backdrop-blur-md',
        // Wider screens: a floating dock as wide as the content column instead of a full-width phone bar.
        'sm:inset-x-4 sm:bottom-[max(1rem,env(safe-area-inset-bottom))] sm:mx-auto sm:max-w-lg sm:rounded-2xl sm:border sm:pb-0 sm:shadow-lift',
      )}
    >
      <ul className="mx-auto grid h-16 max-w-lg grid-cols-5 items-stretch px-1">
        {left.map((item) => (
          <NavItem key={item.href} item={item} active={isActive(item)} />
        ))}
        <li className="flex items-start justify-center">
          <Link
            href="/create"
            aria-current={centreActive ? 'page' : undefined}
            className="group -mt-5 flex flex-col items-center gap-0.5 rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <span
              className={cn(
                'flex size-14 items-center justify-center rounded-2xl bg-gradient-to-br from-brand-violet to-brand-orange text-on-solid shadow-lift ring-4 ring-background transition-transform duration-150 group-active:scale-95',
                centreActive && 'scale-105',
              )}
            >
              <CentreIcon className="size-7" strokeWidth={2.5} aria-hidden />
            </span>
            <span
              className={cn(
                'font-display text-[11px] font-bold',
                centreActive ? 'text-primary' : 'text-muted-foreground',
              )}
            >
              {centreLabel}
            </span>
          </Link>
        </li>
        {right.map((item) => (
          <NavItem key={item.href} item={item} active={isActive(item)} />
        ))}
      </ul>
    </nav>
  );
}

function NavItem({ item, active }: { item: Item; active: boolean }) {
  const Icon = item.icon;
  return (
    <li className="flex">
      <Link
        href={item.href}
        aria-current={active ? 'page' : undefined}
        className={cn(
          'relative flex min-h-11 flex-1 flex-col items-center justify-center gap-0.5 rounded-xl font-display text-[11px] font-bold transition-colors',
          'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
          active ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
        )}
      >
        <span
          className={cn(
            'relative flex h-7 w-12 items-center justify-center rounded-full transition-colors duration-150',
            active && 'bg-primary-soft',
          )}
        >
          <Icon className="size-[22px]" strokeWidth={active ? 2.5 : 2} aria-hidden />
          {item.dot && (
            <span
              aria-hidden
              className="absolute right-2 top-0 size-2.5 animate-pop rounded-full bg-destructive ring-2 ring-card"
            />
          )}
        </span>
        {item.label}
        {item.dot && <span className="sr-only">{`, ${item.dot}`}</span>}
      </Link>
    </li>
  );
}
