/**
 * The projects area's calls (spec 001 §7) as query-option factories and request functions. Query keys are the
 * paths (src/lib/api/query-keys.ts); the reads of one project other areas show too (the project, its updates and
 * feedback) are in src/lib/projects/queries.ts. The `project_changed` frame (../live.ts) refreshes the project it
 * names and the lists that show it.
 */
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap, unwrapPage } from '@/lib/api/client';
import { pagedQuery, pageQuery } from '@/lib/api/pages';
import { apiKey } from '@/lib/api/query-keys';
import { projectPath } from '@/lib/projects/queries';
import type {
  Collaborator,
  CompletedTask,
  CreatedProject,
  Feedback,
  NewFeedback,
  NewProject,
  NewTask,
  NewUpdate,
  PersonFound,
  PostedUpdate,
  Project,
  ProjectChanges,
  ProjectPledge,
  Task,
  TaskChanges,
  UploadResponse,
} from './types';

/** The server's largest page: a project's team is read in one go (the assign dialog lists all of it). */
export const TEAM_PAGE_SIZE = 200;

const pathId = (id: number | string) => ({ path: { id: String(id) } });

// ---- Lists of projects ----

/** `GET /api/projects?owner=me`: the caller's projects, published or not, newest first. */
export function ownedProjectsQuery() {
  return pagedQuery(apiKey('/api/projects', { owner: 'me' }), (cursor, signal) =>
    unwrapPage(
      api.GET('/api/projects', { params: { query: { owner: 'me', ...pageQuery(cursor) } }, signal }),
    ),
  );
}

/** `GET /api/projects/collaborating`: projects the caller collaborates on, newest first. */
export function collaboratingProjectsQuery() {
  return pagedQuery(apiKey('/api/projects/collaborating'), (cursor, signal) =>
    unwrapPage(api.GET('/api/projects/collaborating', { params: { query: pageQuery(cursor) }, signal })),
  );
}

// ---- One project and what it holds ----

/** `GET /api/projects/{id}/tasks`: in the order they were made. */
export function tasksQuery(projectId: number) {
  return pagedQuery(apiKey(`${projectPath(projectId)}/tasks`), (cursor, signal) =>
    unwrapPage(
      api.GET('/api/projects/{id}/tasks', {
        params: { ...pathId(projectId), query: pageQuery(cursor) },
        signal,
      }),
    ),
  );
}

/** `GET /api/projects/{id}/collaborators`: in the order they joined. */
export function collaboratorsQuery(projectId: number) {
  return pagedQuery(apiKey(`${projectPath(projectId)}/collaborators`), (cursor, signal) =>
    unwrapPage(
      api.GET('/api/projects/{id}/collaborators', {
        params: { ...pathId(projectId), query: pageQuery(cursor, TEAM_PAGE_SIZE) },
        signal,
      }),
    ),
  );
}

/** `GET /api/projects/{id}/pledges` (the owner only): every pledge to the project, newest first. */
export function projectPledgesQuery(projectId: number) {
  return pagedQuery(apiKey(`${projectPath(projectId)}/pledges`), (cursor, signal) =>
    unwrapPage(
      api.GET('/api/projects/{id}/pledges', {
        params: { ...pathId(projectId), query: pageQuery(cursor) },
        signal,
      }),
    ),
  );
}

/** `GET /api/users/search?q=`: people to add to the team (discoverable, never the caller, never with email). */
export function peopleSearchQuery(q: string) {
  const query = { q, limit: '20' };
  return queryOptions({
    queryKey: apiKey('/api/users/search', query),
    queryFn: ({ signal }): Promise<PersonFound[]> =>
      unwrap(api.GET('/api/users/search', { params: { query }, signal })),
  });
}

// ---- Changes ----

/** `POST /api/upload` with several `files`: their addresses, in the order sent. */
export async function uploadFiles(files: readonly File[]): Promise<string[]> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  const answer: UploadResponse = await unwrap(
    // openapi-fetch sends a FormData body as it is (the browser sets the multipart boundary).
    api.POST('/api/upload', { body: form as unknown as { files: string[] } }),
  );
  return answer.fileUrls;
}

/** `POST /api/projects` (innovators only). */
export function createProject(body: NewProject): Promise<CreatedProject> {
  return unwrap(api.POST('/api/projects', { body }));
}

/** `PATCH /api/projects/{id}` (the owner): any of title, description, category, phase, lookingFor, images, flags. */
export function editProject(id: number, body: ProjectChanges): Promise<Project> {
  return unwrap(api.PATCH('/api/projects/{id}', { params: pathId(id), body }));
}

/** `DELETE /api/projects/{id}` (the owner; its tasks, updates, feedback, supports and team go with it). */
export async function deleteProject(id: number): Promise<void> {
  await unwrap(api.DELETE('/api/projects/{id}', { params: pathId(id) }));
}

/** `POST /api/projects/{id}/download-pdf`: the summary as a PDF. */
export async function downloadProjectPdf(id: number): Promise<Blob> {
  const { data } = await api.POST('/api/projects/{id}/download-pdf', { params: pathId(id), parseAs: 'blob' });
  if (!(data instanceof Blob)) throw new Error('The summary is not a file');
  return data;
}

export function createTask(projectId: number, body: NewTask): Promise<Task> {
  return unwrap(api.POST('/api/projects/{id}/tasks', { params: pathId(projectId), body }));
}

/** `PATCH /api/tasks/{taskId}`: an empty description or attachment list is sent as null (spec 001 §5). */
export function editTask(taskId: number, body: TaskChanges): Promise<Task> {
  return unwrap(api.PATCH('/api/tasks/{taskId}', { params: { path: { taskId: String(taskId) } }, body }));
}

export async function deleteTask(taskId: number): Promise<void> {
  await unwrap(api.DELETE('/api/tasks/{taskId}', { params: { path: { taskId: String(taskId) } } }));
}

/** `PATCH /api/projects/tasks/{taskId}/complete` (owner and collaborators): the task and the coins it paid. */
export function completeTask(taskId: number): Promise<CompletedTask> {
  return unwrap(
    api.PATCH('/api/projects/tasks/{taskId}/complete', { params: { path: { taskId: String(taskId) } } }),
  );
}

/** `PATCH /api/projects/tasks/{taskId}/assign`: to the owner or a collaborator; null unassigns. */
export function assignTask(taskId: number, assignedTo: number | null): Promise<Task> {
  return unwrap(
    api.PATCH('/api/projects/tasks/{taskId}/assign', {
      params: { path: { taskId: String(taskId) } },
      body: { assignedTo },
    }),
  );
}

/** `POST /api/projects/{id}/updates`: notifies every supporter and says how many. */
export function postUpdate(projectId: number, body: NewUpdate): Promise<PostedUpdate> {
  return unwrap(api.POST('/api/projects/{id}/updates', { params: pathId(projectId), body }));
}

export function postFeedback(projectId: number, body: NewFeedback): Promise<Feedback> {
  return unwrap(api.POST('/api/projects/{id}/feedback', { params: pathId(projectId), body }));
}

export function addCollaborator(projectId: number, userId: number): Promise<Collaborator> {
  return unwrap(
    api.POST('/api/projects/{id}/collaborators', {
      params: pathId(projectId),
      body: { userId, role: 'collaborator' },
    }),
  );
}

export async function removeCollaborator(projectId: number, userId: number): Promise<void> {
  await unwrap(
    api.DELETE('/api/projects/{id}/collaborators/{userId}', {
      params: { path: { id: String(projectId), userId: String(userId) } },
    }),
  );
}

/** What the owner does with a pledge: accept or decline a pending one, mark an active one completed. */
export type PledgeMove = 'accept' | 'decline' | 'complete';

/** `POST /api/pledges/{id}/accept` | `decline` | `complete` (the project's owner): the pledge as it now stands. */
export function movePledge(pledgeId: number, move: PledgeMove): Promise<ProjectPledge> {
  const params = { params: { path: { id: String(pledgeId) } } };
  switch (move) {
    case 'accept':
      return unwrap(api.POST('/api/pledges/{id}/accept', params));
    case 'decline':
      return unwrap(api.POST('/api/pledges/{id}/decline', params));
    case 'complete':
      return unwrap(api.POST('/api/pledges/{id}/complete', params));
  }
}
