import {
  Award,
  Car,
  CircleCheck,
  Coffee,
  Code,
  Flame,
  Footprints,
  Gamepad2,
  Gift,
  Handshake,
  Music,
  Notebook,
  Palette,
  PenTool,
  Plane,
  Rocket,
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
  'circle-check': CircleCheck,
  coffee: Coffee,
  flame: Flame,
  footprints: Footprints,
  'gamepad-2': Gamepad2,
  gift: Gift,
  handshake: Handshake,
  github: Code,
  music: Music,
  notebook: Notebook,
  palette: Palette,
  'pen-tool': PenTool,
  plane: Plane,
  rocket: Rocket,
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
