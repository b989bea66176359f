import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { feedbackQuery, updatesQuery } from '@/resources/project-parts';
import { projectQuery, supportedProjectsQuery } from '@/resources/projects';
import type { Project } from '../api/types';

/**
 * The project a details dialog shows: at once what the deck already knows (`initial`), then as the server answers
 * `GET /api/projects/{id}`.
 */
export function useProjectDetail(projectId: number, initial?: Project) {
  return useQuery({ ...projectQuery(projectId), placeholderData: initial });
}

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
