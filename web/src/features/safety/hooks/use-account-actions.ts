import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { serverMessage } from '@/lib/api/client';
import { forgetUser } from '@/lib/remembered-users';
import { CURRENT_USER_KEY, forgetSession, leaveSession, type User } from '@/lib/session';
import { toast } from '@/lib/toast';
import { deleteAccount, exportAccount } from '../api/safety';
import { saveBlob } from '@/lib/download';

/** Download my data: fetches the export and saves it under the server's file name. */
export function useExportAccount() {
  return useMutation({
    mutationFn: exportAccount,
    onSuccess: ({ blob, filename }) => {
      saveBlob(blob, filename);
      toast({ title: 'Your data is downloading', description: filename, variant: 'success' });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to download your data'),
        variant: 'destructive',
      }),
  });
}

/**
 * Delete my account: once the server has deleted it (204), the session is gone, so everything of the person is
 * forgotten as at a logout, their saved quick login with it (its token died with the account), and the app shows
 * the signed-out auth page. A wrong password (401) is the caller's to show.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: async (password: string) => {
      const me = queryClient.getQueryData<User | null>(CURRENT_USER_KEY) ?? null;
      await leaveSession('deleted', () => deleteAccount(password));
      return me;
    },
    onSuccess: (me) => {
      if (me) forgetUser(me.username);
      forgetSession(queryClient, 'deleted', me);
      navigate('/');
      toast({ title: 'Your account has been deleted', description: 'Thank you for growing with us.' });
    },
  });
}
