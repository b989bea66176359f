import type {
  Collaborator,
  Community,
  ConnectionWithUser,
  Conversation,
  Message,
  Project,
} from './api/types';

/** Complete wire objects for tests; override what the test is about. */

export function makeMessage(overrides: Partial<Message> = {}): Message {
  return {
    id: 1,
    conversationId: 100,
    senderId: 8,
    receiverId: 7,
    projectId: null,
    room: null,
    content: 'Hello there',
    messageType: 'text',
    attachmentUrl: null,
    attachmentType: null,
    attachmentName: null,
    senderName: 'Bob Builder',
    senderProfileImageUrl: null,
    createdAt: new Date().toISOString(),
    editedAt: null,
    ...overrides,
  };
}

export function makeConnection(
  user: Partial<ConnectionWithUser['connectedUser']> = {},
  overrides: Partial<ConnectionWithUser> = {},
): ConnectionWithUser {
  return {
    id: 50 + (user.id ?? 8),
    requesterId: 7,
    targetId: user.id ?? 8,
    status: 'accepted',
    type: 'connection',
    projectId: null,
    message: null,
    createdAt: '2025-01-01T00:00:00Z',
    connectedUser: {
      id: 8,
      firstName: 'Bob',
      lastName: 'Builder',
      username: 'bob',
      bio: 'Builds bridges.',
      role: 'collaborator',
      skills: ['React', 'Rust', 'Design', 'Go'],
      profileImageUrl: null,
      ...user,
    },
    ...overrides,
  };
}

export function makeConversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: 100,
    kind: 'direct',
    isGroup: false,
    participants: [
      {
        id: 7,
        firstName: 'Ada',
        lastName: 'Lovelace',
        username: 'ada',
        profileImageUrl: null,
        role: 'explorer',
      },
      {
        id: 8,
        firstName: 'Bob',
        lastName: 'Builder',
        username: 'bob',
        profileImageUrl: null,
        role: 'collaborator',
      },
    ],
    groupName: null,
    projectId: null,
    room: null,
    lastMessage: 'Hello there',
    lastMessageAt: '2025-06-01T12:00:00Z',
    hasUnreadMessages: false,
    createdAt: '2025-06-01T12:00:00Z',
    ...overrides,
  };
}

export function makeProject(overrides: Partial<Project> = {}): Project {
  return {
    id: 5,
    title: 'Solar Oven',
    description: 'Cooking with sunshine.',
    category: 'technology',
    phase: 'planning',
    supporterCount: 12,
    lookingFor: ['Collaborator'],
    ownerId: 7,
    ownerFirstName: 'Ada',
    ownerLastName: 'Lovelace',
    ownerName: 'Ada Lovelace',
    ownerProfileImageUrl: null,
    collaboratorCount: 0,
    collaborators: [],
    completedTaskCount: 0,
    taskCount: 0,
    imageUrls: [],
    isActive: true,
    isProtected: false,
    isPublished: true,
    isSupported: false,
    myRole: 'owner',
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

export function makeCollaborator(overrides: Partial<Collaborator> = {}): Collaborator {
  return {
    id: 1,
    projectId: 5,
    userId: 8,
    role: 'collaborator',
    addedAt: '2025-01-01T00:00:00Z',
    user: { id: 8, firstName: 'Bob', lastName: 'Builder', username: 'bob', profileImageUrl: null },
    ...overrides,
  };
}

export const ROOMS: Community[] = [
  { slug: 'tech', name: 'Tech Innovators', memberCount: 1200, joined: false },
  { slug: 'startups', name: 'Startup Founders', memberCount: 845, joined: true },
  { slug: 'explorers', name: 'Research Hub', memberCount: 3, joined: false },
  { slug: 'investors', name: 'Investors', memberCount: 1, joined: false },
];
