/**
 * What every successful sign-in does (spec 000 §4 Login): connect with the `?connect=` target if
 * there is one (a failure is only logged), put the user into the session cache, dismiss the toast on
 * screen (a stale 'Login Failed' must not follow the user into the app), then go to `/`.
 */
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { useSetCurrentUser, type User } from '@/lib/session';
import { dismissToast } from '@/lib/toast';
import { autoConnect } from '../api/auto-connect';

export function useCompleteLogin(connectTargetId: number | null) {
  const setCurrentUser = useSetCurrentUser();
  const [, navigate] = useLocation();

  return useCallback(
    async (user: User) => {
      if (connectTargetId !== null && connectTargetId !== user.id) {
        try {
          await autoConnect(connectTargetId);
        } catch (error) {
          console.error('Auto-connect failed', error);
        }
      }
      setCurrentUser(user);
      dismissToast();
      navigate('/');
    },
    [connectTargetId, setCurrentUser, navigate],
  );
}
