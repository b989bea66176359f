import { useInfiniteQuery } from '@tanstack/react-query';
import { feedbackQuery, updatesQuery } from '@/resources/project-parts';
import { supportedProjectsQuery } from '@/resources/projects';

/** A project's updates in its details, page by page. */
export function useProjectUpdates(projectId: number) {
  return useInfiniteQuery(updatesQuery(projectId));
}

/** A project's feedback in its details, page by page. */
export function useProjectFeedback(projectId: number) {
  return useInfiniteQuery(feedbackQuery(projectId));
}

/** The projects I support ('projects you follow'), page by page. */
export function useSupportedProjects() {
  return useInfiniteQuery(supportedProjectsQuery());
}
