import { apiJson } from '@/lib/api/client';
import type { Availability } from './types';

/** True when the username is free. Rejects on failure (the caller treats that as available). */
export async function checkUsername(username: string, signal?: AbortSignal): Promise<boolean> {
  const answer = await apiJson<Availability>('POST', '/api/auth/check-username', { username }, { signal });
  return answer.available;
}
