import type { components } from '@/lib/api/schema';
import type { User } from '@/lib/session';

type RewardsResponse = components['schemas']['RewardsResponse'];
type ScanResponse = components['schemas']['ScanResponse'];
type ConnectionWithUser = components['schemas']['ConnectionWithUser'];
type Pledge = components['schemas']['Pledge'];

/** A complete signed-in user for tests; override what the test is about. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    firstName: 'Ada',
    lastName: 'Lovelace',
    username: 'ada',
    email: 'ada@example.com',
    role: 'explorer',
    plan: 'free',
    bio: null,
    location: null,
    skills: [],
    profileImageUrl: null,
    coins: 120,
    lifetimeCoins: 120,
    scratchCardStreak: 0,
    lastScratchDate: null,
    streakDays: 1,
    connectionCount: 0,
    isDiscoverable: true,
    isAdmin: false,
    emailVerified: false,
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

/** A complete `GET /api/rewards` answer for a new member (no bonus today); override what the test is about. */
export function makeRewards(overrides: Partial<RewardsResponse> = {}): RewardsResponse {
  return {
    user: { coins: 120, lifetimeCoins: 120, scratchCardStreak: 0, lastScratchDate: null, streakDays: 1 },
    canScratchToday: true,
    nextScratchAt: null,
    level: { number: 1, name: 'Fresher I', floor: 0, nextFloor: 5000, nextName: 'Fresher II' },
    achievements: [],
    dailyTasks: [],
    leaderboard: [],
    store: [],
    ...overrides,
  };
}

/** A complete answer of `POST /api/connections/scan` and `auto-connect`: a new connection with Grace, 25 coins. */
export function makeScan(overrides: Partial<ScanResponse> = {}): ScanResponse {
  return {
    success: true,
    isNewConnection: true,
    coinsEarned: 25,
    coinsCapped: false,
    profileUser: { id: 9, firstName: 'Grace', lastName: 'Hopper', role: 'innovator', bio: null },
    ...overrides,
  };
}

/** A connection with `firstName` (accepted unless said otherwise). */
export function makeConnection(
  id: number,
  firstName: string,
  overrides: Partial<ConnectionWithUser> = {},
): ConnectionWithUser {
  return {
    id,
    requesterId: 7,
    targetId: 200 + id,
    status: 'accepted',
    type: 'connection',
    createdAt: '2025-03-01T12:00:00Z',
    connectedUser: {
      id: 200 + id,
      firstName,
      lastName: 'Tester',
      username: firstName.toLowerCase(),
      role: 'innovator',
      bio: null,
      skills: [],
      profileImageUrl: null,
    },
    ...overrides,
  };
}

/** A pledge as the investor's portfolio and the pledge dialog read it; override what the test is about. */
export function makePledge(overrides: Partial<Pledge> = {}): Pledge {
  return {
    id: 1,
    projectId: 1,
    investorId: 7,
    projectTitle: 'Project 1',
    amount: 15000,
    upfrontAmount: 1500,
    message: 'Keep going',
    status: 'pending',
    createdAt: '2026-03-03T12:00:00Z',
    updatedAt: '2026-03-03T12:00:00Z',
    ...overrides,
  };
}
