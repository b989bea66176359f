import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { invalidatePath } from '@/lib/api/query-keys';
import { toast } from '@/lib/toast';
import { connectionsQuery, projectRequestsQuery } from '@/resources/connections';
import { sendConnectionRequest, type ConnectTarget } from '../api/search';
import type { Project } from '../api/types';
import { requestRefused, requestSentToast } from '../lib/announce';

/** What a CONNECT / COLLABORATE button shows (spec 001 §2.2, §4). */
export type ConnectState = 'idle' | 'sending' | 'sent' | 'own';

const keyOf = (target: ConnectTarget) =>
  target.kind === 'person' ? `person:${target.userId}` : `project:${target.projectId}`;

/** A pending or accepted connection counts as already connected (spec 001 §3 connections). */
const COUNTS = new Set(['pending', 'accepted']);
/** Being on a project already is as good as having asked. */
const MEMBER_ROLES = new Set(['collaborator', 'viewer']);

/**
 * The connection state behind every CONNECT and COLLABORATE button of the screen, from the real lists
 * (`/api/connections/with-users` for people, my pending collaboration requests for projects; spec 001 §7 reads an
 * empty list when they fail), and the call that sends a request. A sent request shows SENT at once and both lists
 * are refreshed.
 */
export function useConnect(myId: number) {
  const queryClient = useQueryClient();
  const connections = useQuery(connectionsQuery());
  const projectRequests = useQuery(projectRequestsQuery());
  const [sent, setSent] = useState<ReadonlySet<string>>(() => new Set());
  const [sending, setSending] = useState<ReadonlySet<string>>(() => new Set());

  const connectedPeople = useMemo(
    () =>
      new Set(
        (connections.data ?? [])
          .filter((connection) => COUNTS.has(connection.status))
          .map((connection) => connection.connectedUser.id),
      ),
    [connections.data],
  );
  const requestedProjects = useMemo(
    () =>
      new Set(
        (projectRequests.data ?? [])
          .filter((request) => COUNTS.has(request.status) && request.projectId != null)
          .map((request) => request.projectId),
      ),
    [projectRequests.data],
  );

  const personState = useCallback(
    (userId: number): ConnectState => {
      if (userId === myId) return 'own';
      const key = keyOf({ kind: 'person', userId });
      if (sent.has(key) || connectedPeople.has(userId)) return 'sent';
      return sending.has(key) ? 'sending' : 'idle';
    },
    [myId, sent, sending, connectedPeople],
  );

  const projectState = useCallback(
    (project: Pick<Project, 'id' | 'ownerId' | 'myRole'>): ConnectState => {
      if (project.ownerId === myId || project.myRole === 'owner') return 'own';
      const key = keyOf({ kind: 'project', projectId: project.id });
      if (sent.has(key) || requestedProjects.has(project.id) || MEMBER_ROLES.has(project.myRole ?? ''))
        return 'sent';
      return sending.has(key) ? 'sending' : 'idle';
    },
    [myId, sent, sending, requestedProjects],
  );

  const mutation = useMutation({
    mutationKey: ['/api/connections'],
    mutationFn: ({ target }: { target: ConnectTarget; name: string }) => sendConnectionRequest(target),
    onMutate: ({ target }) => setSending((old) => new Set(old).add(keyOf(target))),
    onSuccess: (_data, { target, name }) => {
      setSent((old) => new Set(old).add(keyOf(target)));
      toast(requestSentToast(target, name));
    },
    onError: (error, { target }) => {
      const refused = requestRefused(target, error);
      if (refused.alreadySent) setSent((old) => new Set(old).add(keyOf(target)));
      toast(refused.toast);
    },
    onSettled: (_data, _error, { target }) => {
      setSending((old) => {
        const next = new Set(old);
        next.delete(keyOf(target));
        return next;
      });
      return invalidatePath(queryClient, '/api/connections');
    },
  });

  const { mutate } = mutation;
  const send = useCallback((target: ConnectTarget, name: string) => mutate({ target, name }), [mutate]);

  return { personState, projectState, send };
}

export type Connector = ReturnType<typeof useConnect>;
