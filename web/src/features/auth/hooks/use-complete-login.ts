/**
 * What every successful sign-in does (spec 000 §4 Login): connect with the `?connect=` target if
 * there is one (a failure is only logged), put the user into the session cache, dismiss the toast on
 * screen (a stale 'Login Failed' must not follow the user into the app), then go to `/`, or, when the
 * same person signs in again after their session ended, back to the screen they were on, or to the page whose link
 * led here (`?next=`, src/lib/next-path.ts).
 */
import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';
import { nextPathFrom } from '@/lib/next-path';
import { pathAfterSignIn, useSetCurrentUser, type User } from '@/lib/session';
import { dismissToast } from '@/lib/toast';
import { autoConnect } from '../api/auto-connect';

export function useCompleteLogin(connectCode: string | null) {
  const setCurrentUser = useSetCurrentUser();
  const [, navigate] = useLocation();
  const search = useSearch();

  return useCallback(
    async (user: User) => {
      // Never with oneself: one's own link opened on one's own device.
      if (connectCode !== null && connectCode !== user.connectCode) {
        try {
          await autoConnect(connectCode);
        } catch (error) {
          console.error('Auto-connect failed', error);
        }
      }
      const next = pathAfterSignIn(user, nextPathFrom(search));
      setCurrentUser(user);
      dismissToast();
      navigate(next);
    },
    [connectCode, setCurrentUser, navigate, search],
  );
}
