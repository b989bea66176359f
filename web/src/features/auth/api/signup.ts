import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/lib/api/client';
import type { SignupRequest, SignupResponse } from './types';

export function signup(body: SignupRequest): Promise<SignupResponse> {
  return apiJson<SignupResponse>('POST', '/api/auth/signup', body);
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
