import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorStatus, serverMessage } from '@/lib/api/client';
import { invalidatePath } from '@/lib/api/query-keys';
import { toast } from '@/lib/toast';
import { scanConnectCode, type ScanResponse } from '@/resources/connections';

/**
 * Connects by a scanned or pasted connect code: my connections are read again and `onConnected` gets who it was.
 * A code nobody has (404) goes to `onUnknown`; any other refusal says why in a toast (the wait, when there were
 * too many tries).
 */
export function useScanCode({
  onConnected,
  onUnknown,
}: {
  onConnected: (result: ScanResponse) => void;
  onUnknown: () => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scanConnectCode,
    onSuccess: (result) => {
      void invalidatePath(queryClient, '/api/connections');
      onConnected(result);
    },
    onError: (error) => {
      if (errorStatus(error) === 404) {
        onUnknown();
        return;
      }
      toast({
        title: 'Connection Failed',
        description: serverMessage(error, 'Unable to connect with this profile. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}
