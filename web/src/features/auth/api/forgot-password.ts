import { mutationOptions, useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';

/** The field accepts an email or a username; the answer is the same either way and is not read. */
export function forgotPasswordMutation() {
  return mutationOptions({
    mutationKey: ['/api/auth/forgot-password'],
    mutationFn: async (emailOrUsername: string) => {
      await unwrap(api.POST('/api/auth/forgot-password', { body: { email: emailOrUsername } }));
    },
  });
}

export function useForgotPassword() {
  return useMutation(forgotPasswordMutation());
}
