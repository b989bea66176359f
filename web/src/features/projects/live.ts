import { invalidatePath } from '@/lib/api/query-keys';
import { liveFeature } from '@/lib/live';

/** The projects area's live frames. */
export const projectsLive = liveFeature('projects', {
  // A project the user owns, works on or supports changed (or was deleted): its own reads (details, tasks,
  // updates, feedback, collaborators) and every list that shows it (`/api/projects?…`, collaborating, supported).
  project_changed: (_frame, { queryClient }) => {
    void invalidatePath(queryClient, '/api/projects');
  },
  // A pledge to one of the user's projects arrived or moved (perhaps in another tab): that project's pledges.
  pledges_changed: ({ projectId }, { queryClient }) => {
    void invalidatePath(queryClient, `/api/projects/${projectId}/pledges`);
  },
});
