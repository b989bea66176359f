import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/lib/api/client';
import type { LoginResponse, RememberedLoginRequest } from './types';

/** Quick login with a saved remember token; the answer carries a fresh token that replaces it. */
export function rememberedLogin(body: RememberedLoginRequest): Promise<LoginResponse> {
  return apiJson<LoginResponse>('POST', '/api/auth/remembered-login', body);
}

export function useRememberedLogin() {
  return useMutation({ mutationFn: rememberedLogin });
}
