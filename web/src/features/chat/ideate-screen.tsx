import { useQuery } from '@tanstack/react-query';
import { Sparkles, UserPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { User } from '@/lib/session';
import { connectionsQuery } from '@/resources/connections';
import { memberProjectsQuery } from '@/resources/projects';
import { communitiesQuery, conversationsQuery } from './api/chat';
import type { Conversation, ScanResponse } from './api/types';
import { chatFromSearch, chatHref, chatKey, type OpenChat } from './lib/chat-ref';
import { nextSortMode, sortEntries, timeOf, type SortMode, SORT_MODES } from './lib/sort';
import { AddConnectionDialog } from './components/add-connection-dialog';
import {
  CommunityRooms,
  EmptyList,
  ListError,
  ListSkeleton,
  PeopleList,
  ProjectList,
  SortToggle,
  type PersonEntry,
  type ProjectEntry,
} from './components/chat-lists';
import { ChatView } from './components/chat-view';
import { ScannedProfileDialog } from '@/components/connections/scanned-profile-dialog';

type Tab = 'connects' | 'projects' | 'people';
/** Marks the history entry of a chat opened from the list (see `open` and `close`). */
const OPENED_FROM_LIST = 'growChatFromList';
const SORT_KEY = 'grow.ideateSort';

function savedSort(): SortMode {
  try {
    const saved = localStorage.getItem(SORT_KEY);
    return SORT_MODES.find((mode) => mode === saved) ?? 'smart';
  } catch {
    return 'smart';
  }
}

/** The conversation of each chat, by kind: the other person's id, the project's id, the room's slug. */
function indexConversations(conversations: readonly Conversation[], me: number) {
  const direct = new Map<number, Conversation>();
  const project = new Map<number, Conversation>();
  const room = new Map<string, Conversation>();
  for (const conversation of conversations) {
    if (conversation.kind === 'direct') {
      const other = conversation.participants.find((p) => p.id !== me);
      if (other) direct.set(other.id, conversation);
    } else if (conversation.kind === 'project' && conversation.projectId != null) {
      project.set(conversation.projectId, conversation);
    } else if (conversation.kind === 'room' && conversation.room) {
      room.set(conversation.room, conversation);
    }
  }
  return { direct, project, room };
}

/**
 * The Ideate screen (spec 000 §2 "Messaging screen"): the community rooms, then three tabs (Connects, PROJECTS and
 * a People placeholder) sorted by the toggle, each with unread dots; a chat opens full screen over it, named in the
 * address (`?chat={userId}`, `?project={id}`, `?room={slug}`) so links and the back button work.
 */
export default function IdeateScreen({ user }: { user: User }) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const chat = useMemo(() => chatFromSearch(search), [search]);
  const [tab, setTab] = useState<Tab>(chat?.kind === 'project' ? 'projects' : 'connects');
  const [sort, setSort] = useState<SortMode>(savedSort);
  const [adding, setAdding] = useState(false);
  const [scanned, setScanned] = useState<ScanResponse | null>(null);

  const conversations = useQuery(conversationsQuery());
  const connections = useQuery(connectionsQuery());
  const projects = useQuery(memberProjectsQuery());
  const communities = useQuery(communitiesQuery());

  const index = useMemo(
    () => indexConversations(conversations.data ?? [], user.id),
    [conversations.data, user.id],
  );

  const people = useMemo<PersonEntry[]>(() => {
    const entries = (connections.data ?? [])
      .filter((connection) => connection.status === 'accepted')
      .map((connection) => {
        const conversation = index.direct.get(connection.connectedUser.id);
        return {
          user: connection.connectedUser,
          unread: conversation?.hasUnreadMessages ?? false,
          lastMessageAt: conversation?.lastMessageAt ?? null,
          time: timeOf(conversation?.lastMessageAt ?? connection.createdAt),
        };
      });
    return sortEntries(entries, sort);
  }, [connections.data, index, sort]);

  const projectEntries = useMemo<ProjectEntry[]>(() => {
    const entries = (projects.data ?? []).map((project) => {
      const conversation = index.project.get(project.id);
      return {
        project,
        unread: conversation?.hasUnreadMessages ?? false,
        lastMessageAt: conversation?.lastMessageAt ?? null,
        time: timeOf(conversation?.lastMessageAt ?? project.createdAt),
      };
    });
    return sortEntries(entries, sort);
  }, [projects.data, index, sort]);

  const unreadPeople = people.some((entry) => entry.unread);
  const unreadProjects = projectEntries.some((entry) => entry.unread);

  // A chat opened from the list is a history entry on top of it: closing goes back to the list (so Back never lands
  // on a dead copy of it), and the browser's Back closes the chat. One opened from a link or a notification has no
  // list under it: closing shows the list in its place.
  function open(next: OpenChat) {
    navigate(chatHref(next), { state: { [OPENED_FROM_LIST]: true } });
  }

  function close() {
    const state: unknown = window.history.state;
    if (typeof state === 'object' && state !== null && OPENED_FROM_LIST in state) window.history.back();
    else navigate('/ideate', { replace: true });
  }

  function cycleSort() {
    const next = nextSortMode(sort);
    setSort(next);
    try {
      localStorage.setItem(SORT_KEY, next);
    } catch {
      // Not remembered: fine.
    }
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-center gap-2">
        <h2 className="flex-1 text-2xl font-extrabold">Messages</h2>
        <Button
          variant="outline"
          size="icon"
          aria-label="Add a connection"
          onClick={() => setAdding(true)}
          className="border"
        >
          <UserPlus aria-hidden />
        </Button>
        <SortToggle mode={sort} onNext={cycleSort} />
      </div>

      <section aria-labelledby="rooms-heading" className="flex flex-col gap-2">
        <h2
          id="rooms-heading"
          className="font-display text-xs font-bold uppercase tracking-wider text-muted-foreground"
        >
          Community rooms
        </h2>
        {communities.isPending ? (
          <div className="flex gap-2" aria-busy="true" aria-label="Loading community rooms">
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} className="h-24 w-36 shrink-0 rounded-2xl" />
            ))}
          </div>
        ) : communities.isError ? (
          <ListError what="the community rooms" onRetry={() => void communities.refetch()} />
        ) : (
          <CommunityRooms
            rooms={communities.data}
            unread={(slug) => index.room.get(slug)?.hasUnreadMessages ?? false}
            onOpen={(slug) => open({ kind: 'room', slug })}
          />
        )}
      </section>

      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <TabsList aria-label="Chats">
          <TabsTrigger value="connects">
            Connects
            {unreadPeople && <UnreadMark />}
          </TabsTrigger>
          <TabsTrigger value="projects">
            PROJECTS
            {unreadProjects && <UnreadMark />}
          </TabsTrigger>
          <TabsTrigger value="people">People</TabsTrigger>
        </TabsList>

        <TabsContent value="connects">
          {connections.isPending ? (
            <ListSkeleton label="Loading your connections" />
          ) : connections.isError ? (
            <ListError what="your connections" onRetry={() => void connections.refetch()} />
          ) : people.length === 0 ? (
            <EmptyList icon="people" text="Time to go connect with some exciting people!!">
              <div className="flex flex-wrap justify-center gap-2">
                <Button asChild variant="primary">
                  <Link href="/search">Find people</Link>
                </Button>
                <Button variant="outline" onClick={() => setAdding(true)}>
                  Add by link
                </Button>
              </div>
            </EmptyList>
          ) : (
            <PeopleList entries={people} onOpen={(userId) => open({ kind: 'direct', userId })} />
          )}
        </TabsContent>

        <TabsContent value="projects">
          {projects.isPending ? (
            <ListSkeleton label="Loading your projects" />
          ) : projects.isError ? (
            <ListError what="your projects" onRetry={() => void projects.refetch()} />
          ) : projectEntries.length === 0 ? (
            <EmptyList icon="projects" text="No project chats yet">
              <p className="max-w-64 text-sm text-muted-foreground">
                Create a project or join one to talk it through with its team.
              </p>
              <Button asChild variant="primary">
                <Link href="/">Explore projects</Link>
              </Button>
            </EmptyList>
          ) : (
            <ProjectList
              entries={projectEntries}
              onOpen={(projectId) => open({ kind: 'project', projectId })}
            />
          )}
        </TabsContent>

        <TabsContent value="people">
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border bg-card/50 px-6 py-12 text-center">
            <span className="flex size-14 items-center justify-center rounded-2xl bg-coin-soft text-coin-ink">
              <Sparkles className="size-7" aria-hidden />
            </span>
            <p className="max-w-64 font-display text-base font-bold">
              Something exciting is currently being brewed... Coming soon...
            </p>
          </div>
        </TabsContent>
      </Tabs>

      <Sheet history={false} open={chat !== null} onOpenChange={(next) => !next && close()}>
        <SheetContent
          // The chat's input bar runs to the bottom edge and keeps clear of the home indicator itself.
          bottomInset={false}
          // The sheet itself takes the focus (its title is announced), not the back button or the keyboard.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)?.focus();
          }}
        >
          {chat && <ChatView key={chatKey(chat)} chat={chat} me={user.id} onBack={close} />}
        </SheetContent>
      </Sheet>

      <AddConnectionDialog
        open={adding}
        onClose={() => setAdding(false)}
        onConnected={(result) => {
          setAdding(false);
          setScanned(result);
        }}
      />
      <ScannedProfileDialog result={scanned} onClose={() => setScanned(null)} noBio="No bio available" />
    </div>
  );
}

function UnreadMark() {
  return (
    <>
      <span aria-hidden className="size-2 rounded-full bg-destructive" />
      <span className="sr-only">, unread messages</span>
    </>
  );
}
