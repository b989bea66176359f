import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { serverMessage } from '@/lib/api/client';
import { invalidatePath } from '@/lib/api/query-keys';
import type { SafetyPerson } from '@/lib/safety';
import { toast } from '@/lib/toast';
import {
  adminReportsQuery,
  blockedQuery,
  blockUser,
  resolveReport,
  sendReport,
  unblockUser,
  type NewReport,
  type ReportsData,
  type ResolveAction,
} from '../api/safety';
import type { AdminReport } from '../api/types';
import { firstNameOf, TARGET_LABELS } from '../lib/words';

/**
 * Everything a block or an unblock changes for the caller: connections and requests (a block removes them), the
 * connection count on their own record, search and nearby results, user searches, chats, and the blocked list.
 */
export async function refreshAfterBlock(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [
      '/api/connections',
      '/api/search',
      '/api/simple-search',
      '/api/users',
      '/api/conversations',
      '/api/messages',
      '/api/auth/user',
    ].map((path) => invalidatePath(queryClient, path)),
  );
}

function showError(error: unknown, fallback: string) {
  toast({ title: 'Error', description: serverMessage(error, fallback), variant: 'destructive' });
}

/** `POST /api/users/{id}/block`, then '{firstName} blocked' and every list that showed them refreshed. */
/** The people I blocked, most recent first (the Blocked list in Settings). */
export function useBlockedPeople() {
  return useQuery(blockedQuery());
}

export function useBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (person: SafetyPerson) => blockUser(person.id),
    onSuccess: (_, person) => {
      toast({ title: `${firstNameOf(person)} blocked`, variant: 'success' });
      void refreshAfterBlock(queryClient);
    },
    onError: (error) => showError(error, 'Failed to block this person'),
  });
}

/** `DELETE /api/users/{id}/block`, then '{firstName} unblocked' and the lists refreshed. */
export function useUnblock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (person: SafetyPerson) => unblockUser(person.id),
    onSuccess: (_, person) => {
      toast({ title: `${firstNameOf(person)} unblocked`, variant: 'success' });
      void refreshAfterBlock(queryClient);
    },
    onError: (error) => showError(error, 'Failed to unblock this person'),
  });
}

/** `POST /api/reports`, then 'Report sent'. A refusal (429: too many) says the server's words. */
export function useSendReport() {
  return useMutation({
    mutationFn: (report: NewReport) => sendReport(report),
    onSuccess: () =>
      toast({
        title: 'Report sent',
        description: 'Thank you. An administrator will look at it.',
        variant: 'success',
      }),
    onError: (error) => showError(error, 'Failed to send the report'),
  });
}

/** An administrator's judgement on a report; the report then leaves the open list (and so do its twins). */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ report, action }: { report: AdminReport; action: ResolveAction }) =>
      resolveReport(report.id, action),
    onSuccess: (_, { report, action }) => {
      toast({ title: RESOLVED[action](report), variant: 'success' });
      // It leaves the list at once, with every other open report on the same thing (settled together).
      queryClient.setQueryData<ReportsData>(adminReportsQuery().queryKey, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.filter(
                  (item) => !(item.targetType === report.targetType && item.targetId === report.targetId),
                ),
              })),
            }
          : data,
      );
      void invalidatePath(queryClient, '/api/admin/reports');
      // Removed content leaves the administrator's own lists too (the deck, a project, a chat, a thread).
      if (action === 'remove')
        for (const path of ['/api/feed', '/api/projects', '/api/conversations', '/api/messages'])
          void invalidatePath(queryClient, path);
    },
    onError: (error) => {
      showError(error, 'Failed to resolve the report');
      // Someone else may have acted on it first: show the list as it is now.
      void invalidatePath(queryClient, '/api/admin/reports');
    },
  });
}

const RESOLVED: Record<ResolveAction, (report: AdminReport) => string> = {
  dismiss: () => 'Report dismissed',
  remove: (report) => `${TARGET_LABELS[report.targetType]} removed`,
  suspend: (report) => `${report.subject ? firstNameOf(report.subject) : 'The account'} suspended`,
};
