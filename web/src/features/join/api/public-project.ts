import type { components } from '@/lib/api/schema';
import { api, unwrap } from '@/lib/api/client';

export type PublicProject = components['schemas']['PublicProject'];

/** `GET /api/public/projects/{id}`: a published project's card, readable without a session (404 otherwise). */
export function publicProjectQuery(projectId: string) {
  return {
    queryKey: ['public-project', projectId] as const,
    queryFn: () => unwrap(api.GET('/api/public/projects/{id}', { params: { path: { id: projectId } } })),
  };
}
