import { Compass, Handshake, Lightbulb, type LucideIcon } from 'lucide-react';
import type { Role } from '@/lib/roles';

export type PlanRole = Exclude<Role, 'investor'>;

export interface Plan {
  role: PlanRole;
  title: string;
  /** The price shown in the profile's plan dialog (spec 000 §3); nothing is charged. */
  price: string;
  per?: string;
  features: string[];
  icon: LucideIcon;
  /** Classes in the role's colour: the card when current, the icon disc. */
  current: string;
  disc: string;
}

/** Choose Your Plan (spec 000 §3 "Role plans shown", the profile-dialog prices and features). */
export const PLANS: readonly Plan[] = [
  {
    role: 'explorer',
    title: 'EXPLORER',
    price: 'FREE',
    features: ['Browse all projects', 'Basic networking', 'Project updates'],
    icon: Compass,
    current: 'border-explorer bg-explorer-soft',
    disc: 'bg-explorer',
  },
  {
    role: 'collaborator',
    title: 'COLLABORATOR',
    price: '£4.99',
    per: '/month',
    features: ['Join any project', 'Skill matching', 'Collaboration tools', 'Achievement tracking'],
    icon: Handshake,
    current: 'border-collaborator bg-collaborator-soft',
    disc: 'bg-collaborator',
  },
  {
    role: 'innovator',
    title: 'INNOVATOR',
    price: '£9.99',
    per: '/month',
    features: ['Create unlimited projects', 'Advanced analytics', 'Priority support', 'Team collaboration'],
    icon: Lightbulb,
    current: 'border-innovator bg-innovator-soft',
    disc: 'bg-innovator',
  },
];
