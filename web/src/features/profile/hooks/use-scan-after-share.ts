import { useCallback } from 'react';
import { scanConnectCode, type ScanResponse } from '@/resources/connections';

/**
 * `POST /api/connections/scan {code}` after an iOS share sheet sent my profile link (spec 001 §7). The link is my
 * own, so the server normally answers that nobody new is connected; the call is made as the spec names it, and its
 * answer (null when it failed) only ever adds a "connected" notice, never an error over a share that worked.
 */
export function useScanAfterShare(): (code: string) => Promise<ScanResponse | null> {
  return useCallback((code: string) => scanConnectCode(code).catch(() => null), []);
}
