import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/lib/api/client';
import type { LoginRequest, LoginResponse } from './types';

export function login(body: LoginRequest): Promise<LoginResponse> {
  return apiJson<LoginResponse>('POST', '/api/auth/login', body);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
