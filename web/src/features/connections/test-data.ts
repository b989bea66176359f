import { makeScan } from '@/test/fixtures';
import type { AnsweredConnection, ConnectionRequest, ScanResponse } from './api/types';

/** A connection request from `name` (override what the test is about). */
export function request(
  id: number,
  name: string,
  overrides: Partial<ConnectionRequest> = {},
): ConnectionRequest {
  return {
    id,
    requesterId: 100 + id,
    requesterName: name,
    requesterRole: 'collaborator',
    requesterProfileImage: null,
    createdAt: '2025-03-01T12:00:00Z',
    ...overrides,
  };
}

export function scanned(
  isNewConnection: boolean,
  overrides: Partial<ScanResponse['profileUser']> = {},
): ScanResponse {
  const scan = makeScan({ isNewConnection, coinsEarned: isNewConnection ? 25 : 0 });
  return {
    ...scan,
    profileUser: {
      ...scan.profileUser,
      bio: 'Compilers, and teaching machines to speak English.',
      profileImageUrl: null,
      ...overrides,
    },
  };
}

/** The answer of an accepted request `id` (I was asked by its requester), paying 25 coins unless said otherwise. */
export function answered(id: number, overrides: Partial<AnsweredConnection> = {}): AnsweredConnection {
  return {
    id,
    requesterId: 100 + id,
    targetId: 7,
    status: 'accepted',
    type: 'connection',
    createdAt: '2025-03-01T12:00:00Z',
    coinsEarned: 25,
    coinsCapped: false,
    ...overrides,
  };
}
