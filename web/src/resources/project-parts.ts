import { queryOptions } from '@tanstack/react-query';
import { api, unwrap, unwrapPage } from '@/lib/api/client';
import { pagedQuery, pageQuery } from '@/lib/api/pages';
import { apiKey } from '@/lib/api/query-keys';
import type { components } from '@/lib/api/schema';
import { projectPath } from './projects';

type Schemas = components['schemas'];

/**
 * What a project holds, for every area that shows it (spec 001 §7): its tasks, team, updates and feedback. Keys sit
 * under the project's path (./projects.ts `projectPath`), so `refreshProject` and the `project_changed` frame reach
 * them there.
 */

/** The server's largest page: a project's team is read in one go (the assign dialog lists all of it). */
export const TEAM_PAGE_SIZE = 200;

const pathId = (id: number | string) => ({ path: { id: String(id) } });

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

/** `GET /api/projects/{id}/collaborators`, page by page: in the order they joined (the owner's dialogs). */
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

/**
 * `GET /api/projects/{id}/collaborators?limit=200`: the team as one list, for a screen that shows it whole without
 * "Load more" (the chat's Project Team dialog).
 */
export function teamQuery(projectId: number) {
  return queryOptions({
    queryKey: apiKey(`${projectPath(projectId)}/collaborators`, { limit: TEAM_PAGE_SIZE }),
    queryFn: ({ signal }): Promise<Schemas['Collaborator'][]> =>
      unwrap(
        api.GET('/api/projects/{id}/collaborators', {
          params: { ...pathId(projectId), query: { limit: TEAM_PAGE_SIZE } },
          signal,
        }),
      ),
    meta: { live: true },
  });
}

/** `GET /api/projects/{id}/updates`: newest first. */
export function updatesQuery(projectId: number) {
  return pagedQuery(apiKey(`${projectPath(projectId)}/updates`), (cursor, signal) =>
    unwrapPage(
      api.GET('/api/projects/{id}/updates', {
        params: { ...pathId(projectId), query: pageQuery(cursor) },
        signal,
      }),
    ),
  );
}

/** `GET /api/projects/{id}/feedback`: comments and replies, newest first (a reply names its parent). */
export function feedbackQuery(projectId: number) {
  return pagedQuery(apiKey(`${projectPath(projectId)}/feedback`), (cursor, signal) =>
    unwrapPage(
      api.GET('/api/projects/{id}/feedback', {
        params: { ...pathId(projectId), query: pageQuery(cursor) },
        signal,
      }),
    ),
  );
}

/** `POST /api/projects/{id}/feedback` `{content, imageUrl?, parentId?}`: a comment, or a reply naming its parent. */
export function postFeedback(projectId: number, body: Schemas['NewFeedback']): Promise<Schemas['Feedback']> {
  return unwrap(api.POST('/api/projects/{id}/feedback', { params: pathId(projectId), body }));
}
