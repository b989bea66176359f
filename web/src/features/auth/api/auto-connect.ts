import { api, unwrap } from '@/lib/api/client';

/** Connects the freshly signed-in user with the `?connect=` target (spec 000 §4 Login, §7 auto-connect). */
export async function autoConnect(targetUserId: number): Promise<void> {
  await unwrap(api.POST('/api/connections/auto-connect', { body: { targetUserId } }));
}
