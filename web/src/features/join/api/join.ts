import type { components } from '@/lib/api/schema';
import { api, unwrap } from '@/lib/api/client';

export type JoinProject = components['schemas']['Project'];
export type JoinResponse = components['schemas']['JoinResponse'];

/** The join screen's roles (spec 000 §2), sent as the server reads them. */
export type JoinRole = 'Innovator' | 'Collaborator' | 'Explorer';

/** `POST /api/projects/{id}/join {role}`: joined at once (open project), or a request sent (protected one). */
export function joinProject(projectId: string, role: JoinRole): Promise<JoinResponse> {
  return unwrap(api.POST('/api/projects/{id}/join', { params: { path: { id: projectId } }, body: { role } }));
}
