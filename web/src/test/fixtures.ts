import type { components } from '@/lib/api/schema';
import type { User } from '@/lib/session';

type RewardsResponse = components['schemas']['RewardsResponse'];

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
