/**
 * What every successful sign-in does (spec 000 §4 Login): connect with the `?connect=` target if
 * there is one (a failure is only logged), put the user into the session cache, dismiss the toast on
 * screen (a stale 'Login Failed' must not follow the user into the app), say 'Connected!' (spec 000 §8, with what
 * it paid) or 'Already Connected' when a link connected them, then go to `/`, or, when the
 * same person signs in again after their session ended, back to the screen they were on, or to the page whose link
 * led here (`?next=`, src/lib/next-path.ts).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';
import { invalidatePath } from '@/lib/api/query-keys';
import { coinsSentence, sentences } from '@/lib/coins';
import { alreadyConnectedToast } from '@/lib/connect-code';
import { nextPathFrom } from '@/lib/next-path';
import { clearPendingLogout } from '@/lib/pending-logout';
import { CURRENT_USER_KEY, pathAfterSignIn, useSetCurrentUser, type User } from '@/lib/session';
import { dismissToast, toast, type ToastOptions } from '@/lib/toast';
import { autoConnect, type ScanResponse as AutoConnected } from '@/resources/connections';

/** What a connect link's sign-in says: 'Connected!' with what it paid, or 'Already Connected'. */
export function connectedAfterSignIn(answer: AutoConnected): ToastOptions {
  if (!answer.isNewConnection) return alreadyConnectedToast(answer.profileUser.firstName);
  return {
    title: 'Connected!',
    description: sentences(
      'You have successfully connected with this user.',
      coinsSentence(answer, 'connection'),
    ),
    variant: 'success',
  };
}

export function useCompleteLogin(connectCode: string | null) {
  const setCurrentUser = useSetCurrentUser();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const search = useSearch();

  return useCallback(
    async (user: User) => {
      let connected: AutoConnected | null = null;
      // Never with oneself: one's own link opened on one's own device.
      if (connectCode !== null && connectCode !== user.connectCode) {
        try {
          connected = await autoConnect(connectCode);
        } catch (error) {
          console.error('Auto-connect failed', error);
        }
      }
      // A new session replaces the one a logout made offline could not end: that note is done with.
      clearPendingLogout();
      const next = pathAfterSignIn(user, nextPathFrom(search));
      setCurrentUser(user);
      dismissToast();
      if (connected) {
        toast(connectedAfterSignIn(connected));
        // The balance (and the connections) the user saw at sign-in moved.
        void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY, exact: true });
        void invalidatePath(queryClient, '/api/connections');
        void invalidatePath(queryClient, '/api/rewards');
      }
      navigate(next);
    },
    [connectCode, setCurrentUser, navigate, search, queryClient],
  );
}
