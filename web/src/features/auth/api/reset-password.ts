import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/lib/api/client';
import type { MessageResponse, ResetPasswordRequest } from './types';

/**
 * Sets a new password with the token from the emailed link (`/?reset={token}`). A bad or expired
 * token, or a password the server finds too weak, is a 400 whose `message` is meant for the person.
 */
export async function resetPassword(body: ResetPasswordRequest): Promise<string> {
  const answer = await apiJson<MessageResponse>('POST', '/api/auth/reset-password', body);
  return answer.message;
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
