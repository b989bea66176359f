import { api, unwrap } from '@/lib/api/client';
import type { ForgetRememberedRequest } from './types';

/** Revokes a saved account's remember token on the server (204). */
export async function forgetRemembered(body: ForgetRememberedRequest): Promise<void> {
  await unwrap(api.POST('/api/auth/forget-remembered', { body }));
}
