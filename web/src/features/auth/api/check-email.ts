import { api, unwrap } from '@/lib/api/client';

/** True when no account uses this email. Rejects on failure (the caller treats that as available). */
export async function checkEmail(email: string, signal?: AbortSignal): Promise<boolean> {
  const answer = await unwrap(api.POST('/api/auth/check-email', { body: { email }, signal }));
  return answer.available;
}
