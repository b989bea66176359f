import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';

/** The field accepts an email or a username; the answer is the same either way and is not read. */
export async function forgotPassword(emailOrUsername: string): Promise<void> {
  await apiRequest('POST', '/api/auth/forgot-password', { email: emailOrUsername });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
