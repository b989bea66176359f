import { mutationOptions, useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { SignupRequest } from './types';

export function signupMutation() {
  return mutationOptions({
    mutationKey: ['/api/auth/signup'],
    mutationFn: (body: SignupRequest) => unwrap(api.POST('/api/auth/signup', { body })),
  });
}

export function useSignup() {
  return useMutation(signupMutation());
}
