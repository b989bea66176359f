import { queryOptions } from '@tanstack/react-query';
import type { components } from '@/lib/api/schema';
import { api, unwrap } from '@/lib/api/client';
import { apiKey } from '@/lib/api/query-keys';

export type JoinProject = components['schemas']['Project'];
export type JoinResponse = components['schemas']['JoinResponse'];

/** The join screen's roles (spec 000 §2), sent as the server reads them. */
export type JoinRole = 'Innovator' | 'Collaborator' | 'Explorer';

/**
 * `GET /api/projects/{id}` (spec 000 §7, "project for the join screen"). The key is the path, so the projects
 * area's live frame (`project_changed`, everything under /api/projects) refreshes it too.
 */
export function joinProjectQuery(projectId: string) {
  return queryOptions({
    queryKey: apiKey(`/api/projects/${projectId}`),
    queryFn: ({ signal }): Promise<JoinProject> =>
      unwrap(api.GET('/api/projects/{id}', { params: { path: { id: projectId } }, signal })),
    meta: { live: true },
  });
}

/** `POST /api/projects/{id}/join {role}`: joined at once (open project), or a request sent (protected one). */
export function joinProject(projectId: string, role: JoinRole): Promise<JoinResponse> {
  return unwrap(api.POST('/api/projects/{id}/join', { params: { path: { id: projectId } }, body: { role } }));
}
