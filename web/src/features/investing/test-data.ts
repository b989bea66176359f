import type { Pledge } from './api/types';

/** A pledge of mine as the portfolio reads it; override what the test is about. */
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
