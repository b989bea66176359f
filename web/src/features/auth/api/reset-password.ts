import { mutationOptions, useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { ResetPasswordRequest } from './types';

/**
 * Sets a new password with the token from the emailed link (`/?reset={token}`). A bad or expired
 * token, or a password the server finds too weak, is a 400 whose `message` is meant for the person.
 */
export function resetPasswordMutation() {
  return mutationOptions({
    mutationKey: ['/api/auth/reset-password'],
    mutationFn: async (body: ResetPasswordRequest) => {
      const answer = await unwrap(api.POST('/api/auth/reset-password', { body }));
      return answer.message;
    },
  });
}

export function useResetPassword() {
  return useMutation(resetPasswordMutation());
}
