import type { components } from '@/lib/api/schema';

export type Role = components['schemas']['Role'];

export const ROLES: readonly Role[] = ['explorer', 'collaborator', 'innovator', 'investor'];

export const ROLE_LABELS: Record<Role, string> = {
  explorer: 'Explorer',
  collaborator: 'Collaborator',
  innovator: 'Innovator',
  investor: 'Investor',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Initials for an avatar fallback: "Ada Lovelace" → "AL", "ada" → "A". */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}
