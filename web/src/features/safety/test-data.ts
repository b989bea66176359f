import type { AdminReport, BlockedUser, ContextMessage } from './api/types';

/** A person I blocked. */
export function blockedUser(
  id: number,
  firstName: string,
  overrides: Partial<BlockedUser> = {},
): BlockedUser {
  return {
    id,
    username: firstName.toLowerCase(),
    firstName,
    lastName: 'Tester',
    profileImageUrl: null,
    role: 'collaborator',
    blockedAt: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

const ADA = {
  id: 7,
  firstName: 'Ada',
  lastName: 'Lovelace',
  role: 'innovator' as const,
  profileImageUrl: null,
};
const BOB = {
  id: 9,
  firstName: 'Bob',
  lastName: 'Tester',
  role: 'collaborator' as const,
  profileImageUrl: null,
};

function contextMessage(id: number, senderName: string, content: string, isReported = false): ContextMessage {
  return { id, senderName, content, createdAt: `2026-11-20T10:0${id % 10}:00Z`, isReported };
}

/** An open report, by default Ada's on a message of Bob's, with the conversation around it. */
export function adminReport(id: number, overrides: Partial<AdminReport> = {}): AdminReport {
  return {
    id,
    targetType: 'message',
    targetId: 100 + id,
    reason: 'He keeps sending me spam links.',
    status: 'open',
    createdAt: '2026-11-21T09:30:00Z',
    reporter: ADA,
    subject: BOB,
    subjectDeleted: false,
    content: {
      exists: true,
      title: 'Direct message',
      text: 'Buy followers at spam.example',
      imageUrl: null,
      projectId: null,
      context: [
        contextMessage(1, 'Ada Lovelace', 'Hi Bob, how is the project going?'),
        contextMessage(2, 'Bob Tester', 'Buy followers at spam.example', true),
        contextMessage(3, 'Ada Lovelace', 'Please stop.'),
      ],
    },
    ...overrides,
  };
}

/** A report on Bob's project. */
export function projectReport(id: number, overrides: Partial<AdminReport> = {}): AdminReport {
  return adminReport(id, {
    targetType: 'project',
    reason: 'This project is a scam.',
    content: {
      exists: true,
      title: 'Solar Kettle',
      text: 'Send money now, get a kettle never.',
      imageUrl: null,
      projectId: 300 + id,
      context: [],
    },
    ...overrides,
  });
}

/** A report on Bob himself. */
export function userReport(id: number, overrides: Partial<AdminReport> = {}): AdminReport {
  return adminReport(id, {
    targetType: 'user',
    targetId: BOB.id,
    reason: 'Fake profile.',
    content: {
      exists: true,
      title: 'Bob Tester',
      text: 'Totally real person.',
      imageUrl: null,
      projectId: null,
      context: [],
    },
    ...overrides,
  });
}
