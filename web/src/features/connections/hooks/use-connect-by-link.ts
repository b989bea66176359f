import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { invalidatePath } from '@/lib/api/query-keys';
import { CURRENT_USER_KEY } from '@/lib/session';
import { toast } from '@/lib/toast';
import { autoConnect } from '../api/connections';
import type { ScanResponse } from '../api/types';
import { readConnectParam, withoutConnect } from '../lib/connect-param';

/**
 * `/profile?connect={userId}` while signed in (spec 000 §2, §4): connect with that person at once (never with
 * oneself), take the parameter out of the address, and hand back the answer for the scanned-profile dialog with
 * the 'Connection Added!' or 'Already Connected' toast. A link that cannot connect says 'Connection Failed'.
 */
export function useConnectByLink(myId: number) {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [result, setResult] = useState<ScanResponse | null>(null);
  const handled = useRef<string | null>(null);
  const { present, userId } = readConnectParam(search);

  useEffect(() => {
    if (!present) return;
    // The address loses the parameter at once, so a reload or Back never connects twice.
    navigate(`${path}${withoutConnect(search)}`, { replace: true });
    const key = String(userId);
    if (userId === null || userId === myId || handled.current === key) return;
    handled.current = key;
    autoConnect(userId).then(
      (answer) => {
        setResult(answer);
        const name = answer.profileUser.firstName;
        toast(
          answer.isNewConnection
            ? {
                title: 'Connection Added!',
                description: `You're now connected with ${name}!`,
                variant: 'success',
              }
            : { title: 'Already Connected', description: `You're already connected with ${name}.` },
        );
        void invalidatePath(queryClient, '/api/connections');
        void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY, exact: true });
      },
      (error: unknown) => {
        console.error('Auto-connect failed', error);
        toast({
          title: 'Connection Failed',
          description: 'Unable to connect with this profile. Please try again.',
          variant: 'destructive',
        });
      },
    );
  }, [present, userId, myId, path, search, navigate, queryClient]);

  return { result, dismiss: () => setResult(null) };
}
