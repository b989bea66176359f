import { invalidatePath } from '@/lib/api/query-keys';
import { liveFeature } from '@/lib/live';
import { projectChanged, projectPath } from '@/resources/projects';

/** The projects area's live frames. */
export const projectsLive = liveFeature('projects', {
  // A project the user owns, works on or supports changed (or was deleted): at most one read of the project itself,
  // put into every cached copy of it; its other reads are marked for their next showing, its chat and the lists are
  // not read again (src/resources/projects.ts `projectChanged`).
  project_changed: ({ projectId }, { queryClient }) => {
    void projectChanged(queryClient, projectId);
  },
  // A pledge to one of the user's projects arrived or moved (perhaps in another tab): that project's pledges.
  pledges_changed: ({ projectId }, { queryClient }) => {
    void invalidatePath(queryClient, `${projectPath(projectId)}/pledges`);
  },
});
