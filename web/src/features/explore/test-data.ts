import type { Feedback, Project, ProjectUpdate } from './api/types';

/** A complete published project as the deck reads it; override what the test is about. */
export function makeProject(overrides: Partial<Project> = {}): Project {
  const id = overrides.id ?? 1;
  return {
    id,
    title: `Project ${id}`,
    description: 'A project worth a look.',
    category: 'technology',
    phase: 'idea',
    imageUrls: [],
    ownerId: 100 + id,
    ownerName: 'Grace Hopper',
    ownerFirstName: 'Grace',
    ownerLastName: 'Hopper',
    ownerProfileImageUrl: null,
    lookingFor: [],
    collaborators: [],
    collaboratorCount: 0,
    supporterCount: 0,
    isActive: true,
    isPublished: true,
    isProtected: false,
    isSupported: false,
    myRole: null,
    lat: null,
    lng: null,
    taskCount: 0,
    completedTaskCount: 0,
    createdAt: '2026-03-03T12:00:00Z',
    updatedAt: '2026-03-03T12:00:00Z',
    ...overrides,
  };
}

export function makeFeedback(overrides: Partial<Feedback> = {}): Feedback {
  return {
    id: 1,
    projectId: 1,
    authorId: 9,
    authorName: 'Diego Hernández',
    authorProfileImage: null,
    content: 'Love it.',
    imageUrl: null,
    parentId: null,
    createdAt: '2026-03-03T12:00:00Z',
    updatedAt: '2026-03-03T12:00:00Z',
    ...overrides,
  };
}

export function makeUpdate(overrides: Partial<ProjectUpdate> = {}): ProjectUpdate {
  return {
    id: 1,
    projectId: 1,
    authorId: 101,
    authorName: 'Grace Hopper',
    title: 'We are live',
    content: 'Thanks for finding us.',
    imageUrl: null,
    createdAt: '2026-03-03T12:00:00Z',
    updatedAt: '2026-03-03T12:00:00Z',
    ...overrides,
  };
}
