import { useQuery } from '@tanstack/react-query';
import { connectionRequestsQuery } from '../api/connections';

/**
 * How many connection requests wait for my answer: the red dot on the header's avatar (spec 000 §2, 001 §2.7).
 * Live (a `connection_request` frame refetches it); 0 while unknown or when the call fails.
 */
export function usePendingRequestCount(): number {
  const { data } = useQuery(connectionRequestsQuery());
  return data?.length ?? 0;
}
