import type { ConnectionRequest, ConnectionWithUser, ScanResponse } from './api/types';

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

/** A connection with `firstName` (accepted unless said otherwise). */
export function connection(
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

export function scanned(
  isNewConnection: boolean,
  overrides: Partial<ScanResponse['profileUser']> = {},
): ScanResponse {
  return {
    success: true,
    isNewConnection,
    coinsEarned: isNewConnection ? 25 : 0,
    coinsCapped: false,
    profileUser: {
      id: 9,
      firstName: 'Grace',
      lastName: 'Hopper',
      role: 'innovator',
      bio: 'Compilers, and teaching machines to speak English.',
      profileImageUrl: null,
      ...overrides,
    },
  };
}
