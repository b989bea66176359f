import { type UseQueryResult } from '@tanstack/react-query';
import { Check, CloudOff, Handshake, UserPlus, X, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ROLE_LABELS } from '@/lib/roles';
import type { ConnectionRequest } from '../api/types';
import { useAnswerRequest, type Answer } from '../hooks/use-connection-actions';
import { useCollaborationRequests, useConnectionRequests } from '../hooks/use-connection-lists';

type Tab = 'connect' | 'collab';

/** The red count on a tab (nothing at 0), read as ", N pending" with the tab's name. */
export function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      key={count}
      data-testid="count-badge"
      className="inline-flex h-5 min-w-5 animate-pop items-center justify-center rounded-full bg-destructive px-1.5 font-display text-[11px] font-bold leading-none text-destructive-foreground tabular-nums"
    >
      <span className="sr-only">, </span>
      {count > 99 ? '99+' : count}
      <span className="sr-only"> pending</span>
    </span>
  );
}

/**
 * The profile's Connect and Collab tabs (spec 000 §2): connection requests and collaboration requests waiting for
 * my answer, each tab with a red count badge, each request with accept and reject (spec 000 §4).
 */
export function RequestTabs() {
  const [tab, setTab] = useState<Tab>('connect');
  const connect = useConnectionRequests();
  const collab = useCollaborationRequests();
  const connectCount = connect.data?.length ?? 0;
  const collabCount = collab.data?.length ?? 0;

  return (
    <section aria-labelledby="requests-heading" className="space-y-3">
      <h3 id="requests-heading" className="sr-only">
        Requests
      </h3>
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <TabsList aria-label="Requests">
          <TabsTrigger value="connect">
            <UserPlus className="size-4" aria-hidden />
            Connect
            <CountBadge count={connectCount} />
          </TabsTrigger>
          <TabsTrigger value="collab">
            <Handshake className="size-4" aria-hidden />
            Collab
            <CountBadge count={collabCount} />
          </TabsTrigger>
        </TabsList>
        <TabsContent value="connect">
          <RequestList
            query={connect}
            kind="connection"
            empty={{
              icon: UserPlus,
              title: 'No connection requests',
              text: 'When someone asks to connect, they show up here.',
            }}
          />
        </TabsContent>
        <TabsContent value="collab">
          <RequestList
            query={collab}
            kind="collaboration"
            empty={{
              icon: Handshake,
              title: 'No collaboration requests',
              text: 'Requests to join your projects show up here.',
            }}
          />
        </TabsContent>
      </Tabs>
    </section>
  );
}

interface EmptyState {
  icon: LucideIcon;
  title: string;
  text: string;
}

function RequestList({
  query,
  kind,
  empty,
}: {
  query: UseQueryResult<ConnectionRequest[]>;
  kind: 'connection' | 'collaboration';
  empty: EmptyState;
}) {
  const answer = useAnswerRequest();
  const label = kind === 'connection' ? 'Connection requests' : 'Collaboration requests';

  if (query.data === undefined) {
    if (query.isError)
      return (
        <div className="flex flex-col items-center gap-2 rounded-2xl border border-border bg-card px-4 py-6 text-center">
          <CloudOff className="size-6 text-muted-foreground" aria-hidden />
          <p className="font-display font-bold">Requests could not be loaded</p>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void query.refetch()}
            loading={query.isRefetching}
          >
            Retry
          </Button>
        </div>
      );
    return (
      <div aria-busy="true" aria-label={`Loading ${label.toLowerCase()}`} className="space-y-2">
        <Skeleton className="h-[4.5rem] rounded-2xl" />
        <Skeleton className="h-[4.5rem] rounded-2xl" />
      </div>
    );
  }

  if (query.data.length === 0) {
    const Icon = empty.icon;
    return (
      <div className="flex flex-col items-center rounded-2xl border border-dashed border-border px-6 py-7 text-center">
        <span className="mb-2 flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <Icon className="size-5" aria-hidden />
        </span>
        <p className="font-display font-bold">{empty.title}</p>
        <p className="text-sm text-muted-foreground">{empty.text}</p>
      </div>
    );
  }

  const pending = (request: ConnectionRequest, which: Answer) =>
    answer.isPending && answer.variables?.request.id === request.id && answer.variables.answer === which;

  return (
    <ul aria-label={label} className="space-y-2">
      {query.data.map((request) => (
        <li
          key={request.id}
          className="flex min-h-[4.5rem] items-center gap-3 rounded-2xl border border-border bg-card p-3 shadow-soft"
        >
          <Avatar
            name={request.requesterName}
            src={request.requesterProfileImage}
            role={request.requesterRole}
            aria-hidden
          />
          <div className="min-w-0 flex-1">
            <p className="truncate font-display font-bold">{request.requesterName}</p>
            {kind === 'collaboration' ? (
              <p className="truncate text-sm text-muted-foreground">
                wants to join{' '}
                <span className="font-semibold text-foreground">{request.projectName ?? 'your project'}</span>
              </p>
            ) : (
              <Badge variant={request.requesterRole} className="mt-0.5">
                {ROLE_LABELS[request.requesterRole]}
              </Badge>
            )}
          </div>
          <Button
            variant="outline"
            size="icon"
            aria-label={`Reject ${request.requesterName}`}
            loading={pending(request, 'reject')}
            disabled={answer.isPending}
            onClick={() => answer.mutate({ request, answer: 'reject' })}
          >
            {!pending(request, 'reject') && <X aria-hidden />}
          </Button>
          <Button
            size="icon"
            aria-label={`Accept ${request.requesterName}`}
            loading={pending(request, 'accept')}
            disabled={answer.isPending}
            onClick={() => answer.mutate({ request, answer: 'accept' })}
          >
            {!pending(request, 'accept') && <Check aria-hidden />}
          </Button>
        </li>
      ))}
    </ul>
  );
}
