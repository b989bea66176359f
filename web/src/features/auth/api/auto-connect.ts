import { api, unwrap } from '@/lib/api/client';

/**
 * Connects the freshly signed-in user with the person whose connect code the `?connect=` link carries (spec 000
 * §4 Login, §7 auto-connect; `{code}`, shared/API.md "Limits and fair play").
 */
export async function autoConnect(code: string): Promise<void> {
  await unwrap(api.POST('/api/connections/auto-connect', { body: { code } }));
}
