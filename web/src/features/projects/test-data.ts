import type { Collaborator, Feedback, Project, ProjectPledge, ProjectUpdate, Task } from './api/types';

/** A complete project as its owner sees it; override what the test is about. */
export function makeProject(overrides: Partial<Project> = {}): Project {
  return {
    id: 12,
    title: 'Solar Kettle',
    description: 'A kettle that boils water with sunlight.',
    category: 'technology',
    phase: 'planning',
    imageUrls: [],
    ownerId: 7,
    ownerName: 'Ada Lovelace',
    ownerFirstName: 'Ada',
    ownerLastName: 'Lovelace',
    ownerProfileImageUrl: null,
    lookingFor: ['Collaborator'],
    collaborators: [],
    collaboratorCount: 0,
    supporterCount: 0,
    isActive: true,
    isPublished: false,
    isProtected: false,
    isSupported: false,
    lat: null,
    lng: null,
    taskCount: 0,
    completedTaskCount: 0,
    myRole: 'owner',
    createdAt: '2025-03-01T10:00:00Z',
    updatedAt: '2025-03-01T10:00:00Z',
    ...overrides,
  };
}

export function makeTask(overrides: Partial<Task> = {}): Task {
  return {
    id: 30,
    projectId: 12,
    title: 'Design the lid',
    description: null,
    assignedTo: null,
    assignedToUsername: null,
    isCompleted: false,
    completedBy: null,
    completedByUsername: null,
    completedByName: null,
    completedAt: null,
    attachments: [],
    createdAt: '2025-03-01T10:00:00Z',
    updatedAt: '2025-03-01T10:00:00Z',
    ...overrides,
  };
}

export function makeUpdate(overrides: Partial<ProjectUpdate> = {}): ProjectUpdate {
  return {
    id: 50,
    projectId: 12,
    authorId: 7,
    authorName: 'Ada Lovelace',
    title: 'We shipped the lid',
    content: 'The lid is done.',
    imageUrl: null,
    createdAt: '2025-03-02T10:00:00Z',
    updatedAt: '2025-03-02T10:00:00Z',
    ...overrides,
  };
}

export function makeFeedback(overrides: Partial<Feedback> = {}): Feedback {
  return {
    id: 70,
    projectId: 12,
    authorId: 9,
    authorName: 'Grace Hopper',
    authorProfileImage: null,
    content: 'Love it!',
    imageUrl: null,
    parentId: null,
    createdAt: '2025-03-02T10:00:00Z',
    updatedAt: '2025-03-02T10:00:00Z',
    ...overrides,
  };
}

export function makeCollaborator(overrides: Partial<Collaborator> = {}): Collaborator {
  return {
    id: 90,
    projectId: 12,
    userId: 8,
    role: 'collaborator',
    addedAt: '2025-03-01T10:00:00Z',
    user: { id: 8, username: 'grace', firstName: 'Grace', lastName: 'Hopper', profileImageUrl: null },
    ...overrides,
  };
}

/**
 * A file of `size` bytes. Small ones are real; a big one only says its size (enough for the browser-side checks,
 * which refuse it before anything reads it).
 */
export function makeFile(name: string, type: string, size = 1024): File {
  if (size <= 64 * 1024) return new File([new Uint8Array(size)], name, { type });
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** A pending pledge to project 12 by Ivy Banks, an investor. */
export function makeProjectPledge(overrides: Partial<ProjectPledge> = {}): ProjectPledge {
  return {
    id: 90,
    projectId: 12,
    investorId: 21,
    investor: { id: 21, firstName: 'Ivy', lastName: 'Banks', profileImageUrl: null },
    amount: 100000,
    upfrontAmount: 10000,
    message: 'Happy to back this',
    status: 'pending',
    createdAt: '2025-03-04T09:00:00Z',
    updatedAt: '2025-03-04T09:00:00Z',
    ...overrides,
  };
}
