import { apiRequest } from '@/lib/api/client';

/** Connects the freshly signed-in user with the `?connect=` target (spec 000 §4 Login). */
export async function autoConnect(targetUserId: number): Promise<void> {
  await apiRequest('POST', '/api/connections/auto-connect', { targetUserId });
}
