import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

/** The answer of an auto-connect: whether the connection is new, with whom, and what it paid. */
export type AutoConnected = components['schemas']['ScanResponse'];

/**
 * Connects the freshly signed-in user with the person whose connect code the `?connect=` link carries (spec 000
 * §4 Login, §7 auto-connect; `{code}`, shared/API.md "Limits and fair play").
 */
export async function autoConnect(code: string): Promise<AutoConnected> {
  return unwrap(api.POST('/api/connections/auto-connect', { body: { code } }));
}
