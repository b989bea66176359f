import { mutationOptions, useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { LoginRequest } from './types';

export function loginMutation() {
  return mutationOptions({
    mutationKey: ['/api/auth/login'],
    mutationFn: (body: LoginRequest) => unwrap(api.POST('/api/auth/login', { body })),
  });
}

export function useLogin() {
  return useMutation(loginMutation());
}
