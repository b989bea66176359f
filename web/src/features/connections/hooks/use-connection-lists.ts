import { useQuery } from '@tanstack/react-query';
import { connectionsQuery } from '@/resources/connections';
import { collaborationRequestsQuery, connectionRequestsQuery } from '../api/connections';

/** My connections while the dialog is open, read afresh each time it opens (pending ones are requests instead). */
export function useConnectionsWhileOpen(open: boolean) {
  return useQuery({ ...connectionsQuery(), enabled: open, refetchOnMount: 'always' });
}

/** Connection requests waiting for my answer (the Connect tab). */
export function useConnectionRequests() {
  return useQuery(connectionRequestsQuery());
}

/** Requests to collaborate on my projects (the Collab tab). */
export function useCollaborationRequests() {
  return useQuery(collaborationRequestsQuery());
}
