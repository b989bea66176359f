// Shared test data for the auth feature's tests.
import type { User } from './api/types';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 42,
    firstName: 'Ada',
    lastName: 'Lovelace',
    username: 'ada',
    email: 'ada@example.com',
    role: 'innovator',
    plan: 'free',
    bio: null,
    location: null,
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
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}
