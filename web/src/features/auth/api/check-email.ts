import { apiJson } from '@/lib/api/client';
import type { Availability } from './types';

/** True when no account uses this email. Rejects on failure (the caller treats that as available). */
export async function checkEmail(email: string, signal?: AbortSignal): Promise<boolean> {
  const answer = await apiJson<Availability>('POST', '/api/auth/check-email', { email }, { signal });
  return answer.available;
}
