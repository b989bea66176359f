import { invalidatePath } from '@/lib/api/query-keys';
import { liveFeature } from '@/lib/live';
import { projectPath, refreshProject } from '@/lib/projects/queries';

/** The projects area's live frames. */
export const projectsLive = liveFeature('projects', {
  // A project the user owns, works on or supports changed (or was deleted): its own reads (details, tasks,
  // updates, feedback, collaborators) and every list that shows it (`/api/projects?…`, collaborating, supported),
  // never another project's reads.
  project_changed: ({ projectId }, { queryClient }) => {
    void refreshProject(queryClient, projectId);
  },
  // A pledge to one of the user's projects arrived or moved (perhaps in another tab): that project's pledges.
  pledges_changed: ({ projectId }, { queryClient }) => {
    void invalidatePath(queryClient, `${projectPath(projectId)}/pledges`);
  },
});
