import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { collaboratorsQuery, feedbackQuery, tasksQuery, updatesQuery } from '@/resources/project-parts';
import { projectQuery } from '@/resources/projects';
import { peopleSearchQuery } from '@/resources/users';
import { projectPledgesQuery } from '../api/projects';

/**
 * What the manage screen reads, one hook per read, so its components get data without building a query (the keys
 * stay with the resources, src/resources, and the owner's pledges with ../api/projects.ts).
 */

/** The project being managed. */
export function useManagedProject(projectId: number) {
  return useQuery(projectQuery(projectId));
}

/** Its tasks, page by page. */
export function useTasks(projectId: number) {
  return useInfiniteQuery(tasksQuery(projectId));
}

/** Its team, page by page (read in one page of 200). */
export function useTeam(projectId: number) {
  return useInfiniteQuery(collaboratorsQuery(projectId));
}

/** Its updates, newest first. */
export function useUpdates(projectId: number) {
  return useInfiniteQuery(updatesQuery(projectId));
}

/** Its feedback, comments and replies. */
export function useFeedback(projectId: number) {
  return useInfiniteQuery(feedbackQuery(projectId));
}

/** Every pledge to it (the owner only). */
export function useProjectPledges(projectId: number) {
  return useInfiniteQuery(projectPledgesQuery(projectId));
}

/** People to add to the team for the search text `q` (nothing asked while it is empty; the last answer stays). */
export function usePeopleSearch(q: string) {
  return useQuery({ ...peopleSearchQuery(q), enabled: q !== '', placeholderData: keepPreviousData });
}
