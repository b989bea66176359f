import type { ConnectionWithUser, NearbyUser, SearchProject, SearchResponse, SearchUser } from './api/types';

/** A person as search answers them (no email); override what the test is about. */
export function makeSearchUser(overrides: Partial<SearchUser> = {}): SearchUser {
  const id = overrides.id ?? 11;
  return {
    id,
    firstName: 'Grace',
    lastName: 'Hopper',
    username: `grace${id}`,
    role: 'innovator',
    plan: 'free',
    bio: null,
    location: 'London, GB',
    skills: [],
    profileImageUrl: null,
    coins: 0,
    lifetimeCoins: 0,
    scratchCardStreak: 0,
    lastScratchDate: null,
    streakDays: 0,
    connectionCount: 0,
    isDiscoverable: true,
    isAdmin: false,
    emailVerified: false,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    lat: 51.51,
    lng: -0.13,
    distanceKm: null,
    ...overrides,
  };
}

/** A person near the device, as `GET /api/users/nearby` answers. */
export function makeNearbyUser(overrides: Partial<NearbyUser> = {}): NearbyUser {
  const { distanceKm: _unknown, ...person } = makeSearchUser();
  return { ...person, distanceKm: 1.2, ...overrides };
}

/** A published project as search answers it; override what the test is about. */
export function makeSearchProject(overrides: Partial<SearchProject> = {}): SearchProject {
  const id = overrides.id ?? 31;
  return {
    id,
    title: `Project ${id}`,
    description: 'A project worth a look.',
    category: 'technology',
    phase: 'idea',
    imageUrls: [],
    ownerId: 100 + id,
    ownerName: 'Linus Pauling',
    ownerFirstName: 'Linus',
    ownerLastName: 'Pauling',
    ownerProfileImageUrl: null,
    ownerRole: 'innovator',
    lookingFor: [],
    collaborators: [],
    collaboratorCount: 0,
    supporterCount: 0,
    isActive: true,
    isPublished: true,
    isProtected: false,
    isSupported: false,
    myRole: null,
    lat: null,
    lng: null,
    taskCount: 0,
    completedTaskCount: 0,
    createdAt: '2026-03-03T12:00:00Z',
    updatedAt: '2026-03-03T12:00:00Z',
    distanceKm: null,
    ...overrides,
  };
}

export function answer(
  users: SearchUser[] = [],
  projects: SearchProject[] = [],
  smartResponse = '',
): SearchResponse {
  return { results: { users, projects }, smartResponse };
}

/** A pending connection I asked for, with `userId`. */
export function pendingWith(userId: number): ConnectionWithUser {
  return {
    id: 500 + userId,
    requesterId: 7,
    targetId: userId,
    status: 'pending',
    type: 'connection',
    createdAt: '2026-03-01T12:00:00Z',
    connectedUser: {
      id: userId,
      firstName: 'Someone',
      lastName: 'Known',
      username: `known${userId}`,
      role: 'explorer',
      bio: null,
      skills: [],
      profileImageUrl: null,
    },
  };
}
