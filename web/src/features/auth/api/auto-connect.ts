import { requestUntyped } from '@/lib/api/client';

/**
 * Connects the freshly signed-in user with the `?connect=` target (spec 000 §4 Login). Untyped: the server does
 * not serve (or document) `/api/connections/auto-connect` yet; the connections area adds it.
 */
export async function autoConnect(targetUserId: number): Promise<void> {
  await requestUntyped('POST', '/api/connections/auto-connect', { body: { targetUserId } });
}
