import { mutationOptions, useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { RememberedLoginRequest } from './types';

/** Quick login with a saved remember token; the answer carries a fresh token that replaces it. */
export function rememberedLoginMutation() {
  return mutationOptions({
    mutationKey: ['/api/auth/remembered-login'],
    mutationFn: (body: RememberedLoginRequest) => unwrap(api.POST('/api/auth/remembered-login', { body })),
  });
}

export function useRememberedLogin() {
  return useMutation(rememberedLoginMutation());
}
