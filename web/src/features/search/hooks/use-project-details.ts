import { useEffect } from 'react';
import { toast } from '@/lib/toast';
import { useProjectShown } from '@/resources/projects';
import type { Project } from '../api/types';
import { FETCH_PROJECT_FAILED_TOAST } from '../lib/announce';

/**
 * A project opened from the results, read as every shown project is (`useProjectShown`), with search's own
 * 'Failed to fetch project' when that read fails (a failed refresh keeps what the search answer already said).
 */
export function useProjectDetails(projectId: number, initial?: Project) {
  const query = useProjectShown(projectId, initial);
  const { isError, errorUpdatedAt } = query;

  useEffect(() => {
    if (isError && errorUpdatedAt > 0) toast(FETCH_PROJECT_FAILED_TOAST);
  }, [isError, errorUpdatedAt]);

  return { project: query.data ?? initial, isError, retry: () => void query.refetch() };
}
