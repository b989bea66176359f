import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import type { ForgetRememberedRequest } from './types';

/** Revokes a saved account's remember token on the server (204). */
export async function forgetRemembered(body: ForgetRememberedRequest): Promise<void> {
  await apiRequest('POST', '/api/auth/forget-remembered', body);
}

export function useForgetRemembered() {
  return useMutation({ mutationFn: forgetRemembered });
}
