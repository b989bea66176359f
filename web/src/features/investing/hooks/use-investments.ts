import { useQuery } from '@tanstack/react-query';
import { useLiveStatus } from '@/lib/ws';
import { investmentsQuery } from '../api/investments';

/** The portfolio's refetch while the socket is down (spec 001 §9: 2 s). */
export const PORTFOLIO_POLL_MS = 2000;

/**
 * The caller's pledges. While the live channel is open `investments_changed` refreshes them (../live.ts), so the
 * spec's 2 s poll runs only while it is not.
 */
export function useInvestments() {
  const live = useLiveStatus();
  return useQuery({ ...investmentsQuery(), refetchInterval: live === 'open' ? false : PORTFOLIO_POLL_MS });
}
