import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { errorStatus, serverMessage } from '@/lib/api/client';
import { invalidatePath } from '@/lib/api/query-keys';
import { coinsSentence, sentences } from '@/lib/coins';
import { alreadyConnectedToast, UNKNOWN_CONNECT_CODE } from '@/lib/connect-code';
import { CURRENT_USER_KEY } from '@/lib/session';
import { toast, type ToastOptions } from '@/lib/toast';
import { autoConnect } from '@/resources/connections';
import type { ScanResponse } from '../api/types';
import { readConnectParam, withoutConnect } from '../lib/connect-param';

/** 'Connection Added!' (with what it paid, as the answer says it) or 'Already Connected'. */
export function connectedToast(answer: ScanResponse): ToastOptions {
  const name = answer.profileUser.firstName;
  return answer.isNewConnection
    ? {
        title: 'Connection Added!',
        description: sentences(`You're now connected with ${name}!`, coinsSentence(answer, 'connection')),
        variant: 'success',
      }
    : alreadyConnectedToast(name);
}

/** 'Connection Failed': an unknown code says so, a refusal gives the server's reason (or the wait of a 429). */
export function connectFailedToast(error: unknown): ToastOptions {
  return {
    title: 'Connection Failed',
    description:
      errorStatus(error) === 404
        ? UNKNOWN_CONNECT_CODE
        : serverMessage(error, 'Unable to connect with this profile. Please try again.'),
    variant: 'destructive',
  };
}

/**
 * `/profile?connect={code}` while signed in (spec 000 §2, §4; the code of shared/API.md "Limits and fair play"):
 * connect with that person at once (never with oneself: my own code is skipped), take the parameter out of the
 * address, and hand back the answer for the scanned-profile dialog with the 'Connection Added!' or 'Already
 * Connected' toast. A link that cannot connect says 'Connection Failed', and why.
 */
export function useConnectByLink(myCode: string | null) {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [result, setResult] = useState<ScanResponse | null>(null);
  const handled = useRef<string | null>(null);
  const { present, code } = readConnectParam(search);

  useEffect(() => {
    if (!present) return;
    // The address loses the parameter at once, so a reload or Back never connects twice.
    navigate(`${path}${withoutConnect(search)}`, { replace: true });
    if (code === null) {
      toast({ title: 'Connection Failed', description: UNKNOWN_CONNECT_CODE, variant: 'destructive' });
      return;
    }
    if (code === myCode || handled.current === code) return;
    handled.current = code;
    autoConnect(code).then(
      (answer) => {
        setResult(answer);
        toast(connectedToast(answer));
        void invalidatePath(queryClient, '/api/connections');
        void invalidatePath(queryClient, '/api/rewards');
        void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY, exact: true });
      },
      (error: unknown) => {
        console.error('Auto-connect failed', error);
        toast(connectFailedToast(error));
      },
    );
  }, [present, code, myCode, path, search, navigate, queryClient]);

  return { result, dismiss: () => setResult(null) };
}
