import { api, unwrap } from '@/lib/api/client';

/** True when the username is free. Rejects on failure (the caller treats that as available). */
export async function checkUsername(username: string, signal?: AbortSignal): Promise<boolean> {
  const answer = await unwrap(api.POST('/api/auth/check-username', { body: { username }, signal }));
  return answer.available;
}
