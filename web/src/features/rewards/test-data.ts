// Test data of the rewards area (the server's catalogue, in part).
import type { Achievement, DailyTask, LeaderboardEntry, StoreReward } from './api/types';

export const STORE: StoreReward[] = [
  {
    id: 'figma-pro',
    name: 'Figma Pro (1 month)',
    cost: 5000,
    icon: 'pen-tool',
    description: 'A month of Figma Professional for your design work.',
    category: 'tools',
  },
  {
    id: 'canva-pro',
    name: 'Canva Pro',
    cost: 2500,
    icon: 'palette',
    description: 'Canva Pro for pitch decks and posts.',
    category: 'tools',
  },
  {
    id: 'github-pro',
    name: 'GitHub Pro',
    cost: 4000,
    icon: 'github',
    description: 'GitHub Pro for your repositories.',
    category: 'tools',
  },
];

export function achievement(overrides: Partial<Achievement> = {}): Achievement {
  return {
    id: 'week-streak',
    name: 'On Fire',
    description: 'Keep a 7-day login streak.',
    icon: 'flame',
    category: 'engagement',
    condition: { metric: 'streakDays', target: 7 },
    reward: 100,
    isActive: true,
    progress: 3,
    isCompleted: false,
    unlockedAt: null,
    claimed: false,
    ...overrides,
  };
}

export function task(overrides: Partial<DailyTask> = {}): DailyTask {
  return {
    id: 'check-in',
    name: 'Check in',
    description: 'Open Grow today and collect your login bonus.',
    category: 'engagement',
    reward: 10,
    maxDaily: 1,
    isActive: true,
    completedCount: 0,
    claimable: 0,
    ...overrides,
  };
}

export function earner(overrides: Partial<LeaderboardEntry> = {}): LeaderboardEntry {
  return {
    id: 21,
    firstName: 'Grace',
    lastName: 'Hopper',
    username: 'grace',
    profileImageUrl: null,
    coins: 9400,
    totalCoinsEarned: 15200,
    ...overrides,
  };
}
