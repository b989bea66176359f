import type { Role } from '@/lib/roles';

export type ProjectsTab = 'mine' | 'collaborating';

/** What the projects screen at /create shows for a role (spec 001 §2.3, §6). */
export type CreateAccess =
  | { kind: 'restricted' }
  | { kind: 'portfolio' }
  | { kind: 'projects'; canCreate: boolean; defaultTab: ProjectsTab };

export function createAccess(role: Role): CreateAccess {
  switch (role) {
    case 'explorer':
      return { kind: 'restricted' };
    case 'investor':
      return { kind: 'portfolio' };
    case 'collaborator':
      // Only the Collaborating tab is usable; creating and My Projects need an upgrade.
      return { kind: 'projects', canCreate: false, defaultTab: 'collaborating' };
    case 'innovator':
      return { kind: 'projects', canCreate: true, defaultTab: 'mine' };
  }
}
