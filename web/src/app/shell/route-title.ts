import type { Role } from '@/lib/roles';

/** Label of the Create tab and screen: investors invest (spec 000 §2). */
export function createLabel(role: Role | null | undefined): 'Create' | 'Invest' {
  return role === 'investor' ? 'Invest' : 'Create';
}

/** Header title per route (spec 000 §2): Explore, Search, Create or Invest, Ideate, Rewards, Profile, Settings, otherwise Grow. */
export function routeTitle(path: string, role: Role | null | undefined): string {
  switch (path) {
    case '/':
    case '/explore':
      return 'Explore';
    case '/search':
      return 'Search';
    case '/create':
      return createLabel(role);
    case '/ideate':
      return 'Ideate';
    case '/rewards':
      return 'Rewards';
    case '/profile':
      return 'Profile';
    case '/settings':
      return 'Settings';
    default:
      return 'Grow';
  }
}
