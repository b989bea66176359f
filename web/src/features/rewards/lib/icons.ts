import {
  Award,
  Car,
  Coffee,
  Code,
  Flame,
  Footprints,
  Gamepad2,
  Gift,
  Music,
  Notebook,
  Palette,
  PenTool,
  Plane,
  ShoppingBag,
  Sparkles,
  Ticket,
  TrendingUp,
  Trophy,
  Tv,
  UserPlus,
  Users,
  Zap,
  type LucideIcon,
} from 'lucide-react';

/**
 * The icons the server names (store rewards, achievements) as Lucide icons. Lucide has no brand marks, so the
 * GitHub reward shows a code glyph; an unknown name falls back to a gift (or a trophy for an achievement).
 */
const ICONS: Record<string, LucideIcon> = {
  award: Award,
  car: Car,
  coffee: Coffee,
  flame: Flame,
  footprints: Footprints,
  'gamepad-2': Gamepad2,
  gift: Gift,
  github: Code,
  music: Music,
  notebook: Notebook,
  palette: Palette,
  'pen-tool': PenTool,
  plane: Plane,
  'shopping-bag': ShoppingBag,
  sparkles: Sparkles,
  ticket: Ticket,
  'trending-up': TrendingUp,
  tv: Tv,
  'user-plus': UserPlus,
  users: Users,
  zap: Zap,
};

export function rewardIcon(name: string, fallback: LucideIcon = Gift): LucideIcon {
  return ICONS[name] ?? fallback;
}

export { Trophy as AchievementFallbackIcon };
