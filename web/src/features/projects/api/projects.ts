/**
 * The projects area's own calls (spec 001 §7): what only the owner and the team do (create, edit, tasks, updates,
 * team, pledges). Query keys are the paths (src/lib/api/query-keys.ts); reads and changes other areas make too (the
 * lists, the project, what it holds, feedback, uploads) are in src/resources. The `project_changed` frame
 * (../live.ts) refreshes the project it names and the lists that show it.
 */
import { api, unwrap, unwrapPage } from '@/lib/api/client';
import { pagedQuery, pageQuery } from '@/lib/api/pages';
import { apiKey } from '@/lib/api/query-keys';
import { projectPath } from '@/resources/projects';
import type {
  Collaborator,
  CompletedTask,
  CreatedProject,
  NewProject,
  NewTask,
  NewUpdate,
  PostedUpdate,
  Project,
  ProjectChanges,
  ProjectPledge,
  Task,
  TaskChanges,
} from './types';

const pathId = (id: number | string) => ({ path: { id: String(id) } });

// ---- What the owner reads ----

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

// ---- Changes ----

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
