import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { serverMessage } from '@/lib/api/client';
import { forgetSignedInUser } from '@/lib/session';
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
 * Delete my account: once the server has deleted it (204), the session is gone, so the cache is emptied as a
 * logout empties it and the app shows the signed-out auth page. A wrong password (401) is the caller's to show.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: (password: string) => deleteAccount(password),
    onSuccess: async () => {
      await forgetSignedInUser(queryClient);
      navigate('/');
      toast({ title: 'Your account has been deleted', description: 'Thank you for growing with us.' });
    },
  });
}
