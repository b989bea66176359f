import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, unwrap, unwrapPage } from '@/lib/api/client';
import { pagedQuery, pageQuery } from '@/lib/api/pages';
import { apiKey, keyIsUnder } from '@/lib/api/query-keys';
import type { components } from '@/lib/api/schema';

type Project = components['schemas']['Project'];

/**
 * Reads of one project that several areas show (projects, explore, search, chat, join): one definition, so every
 * area reads the same cache entry, and one rule for what a change of a project refreshes (`refreshProject`).
 */

const pathId = (id: number | string) => ({ path: { id: String(id) } });

/** The path every read of project `id` sits under: the project, its tasks, updates, feedback, team, chat. */
export function projectPath(id: number | string): string {
  return `/api/projects/${id}`;
}

/** `GET /api/projects/{id}`. */
export function projectQuery(id: number | string) {
  return queryOptions({
    queryKey: apiKey(projectPath(id)),
    queryFn: ({ signal }): Promise<Project> =>
      unwrap(api.GET('/api/projects/{id}', { params: pathId(id), signal })),
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

/** The lists a project shows in (mine, with any parameters; collaborating; supported). */
const PROJECT_LISTS: readonly string[] = [
  '/api/projects',
  '/api/projects/collaborating',
  '/api/projects/supported',
];

/**
 * Refresh what a change of project `id` shows in (the `project_changed` frame, an owner's edit): its own reads and
 * the lists of projects. Another project's reads (its details, tasks, chat…) stay as they are.
 */
export function refreshProject(queryClient: QueryClient, id: number): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      keyIsUnder(queryKey, projectPath(id)) ||
      (typeof queryKey[0] === 'string' && PROJECT_LISTS.includes(queryKey[0])),
  });
}
