import { CloudOff, Eye, Lock, UserX, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorStatus, serverMessage } from '@/lib/api/client';
import { useBrowserOnline } from '@/lib/online';
import { useSafety } from '@/lib/safety';
import type { Message } from '../api/types';
import { messagesPath, type OpenChat } from '../lib/chat-ref';
import { communityBlurb, communityChatTitle } from '../lib/communities';
import { membersLabel } from '../lib/format';
import type { VoiceClip } from '../lib/recorder';
import { useTypists } from '../lib/typing';
import { useChatActions } from '../hooks/use-chat-actions';
import { useChatMessages } from '../hooks/use-chat-messages';
import { useChatProject, useCommunity, useOnline, usePerson } from '../hooks/use-chat-details';
import { useOutboxSending, usePendingMessages } from '../hooks/use-outbox';
import { useSendMessage, useTypingSignal } from '../hooks/use-send-message';
import { ChatHeaderSkeleton, DirectHeader, ProjectHeader, RoomHeader } from './chat-header';
import { Composer } from './composer';
import { JoinedDialog, RequestSentDialog } from './info-dialogs';
import { DeleteMessageDialog, ImageViewerDialog, MessageActionsDialog } from './message-dialogs';
import { EmptyThread, MessageThread } from './message-thread';
import { ProjectTeamDialog } from './project-team-dialog';

/** The input placeholder of each kind of chat (spec 000 §2). */
export const PLACEHOLDERS: Record<OpenChat['kind'], string> = {
  direct: 'Message this person...',
  project: 'Discuss this project...',
  room: 'Chat with community...',
};

function TypingDots() {
  return (
    <span
      aria-hidden
      className="inline-flex items-center gap-1 rounded-2xl rounded-bl-md border border-border/60 bg-card px-3 py-3 shadow-soft"
    >
      {[0, 150, 300].map((delay) => (
        <span
          key={delay}
          style={{ animationDelay: `${delay}ms` }}
          className="size-1.5 animate-bounce rounded-full bg-muted-foreground/70"
        />
      ))}
    </span>
  );
}

function ThreadSkeleton() {
  return (
    <div
      className="chat-wallpaper flex min-h-0 flex-1 flex-col justify-end gap-3 p-3"
      aria-busy="true"
      aria-label="Loading messages"
    >
      <Skeleton className="h-10 w-2/3 rounded-2xl" />
      <Skeleton className="ml-auto h-10 w-1/2 rounded-2xl" />
      <Skeleton className="h-16 w-3/4 rounded-2xl" />
      <Skeleton className="ml-auto h-10 w-2/5 rounded-2xl" />
    </div>
  );
}

/** A state in place of the thread: no access, a room to join, an error. */
function Panel({
  icon,
  title,
  text,
  children,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <div className="chat-wallpaper flex min-h-0 flex-1 flex-col items-center justify-center gap-3 px-8 text-center">
      <span className="flex size-16 items-center justify-center rounded-3xl bg-card text-primary shadow-soft">
        {icon}
      </span>
      <h3 className="font-display text-lg font-bold">{title}</h3>
      <p className="max-w-72 text-sm text-muted-foreground">{text}</p>
      {children}
    </div>
  );
}

/**
 * A chat, full screen (spec 000 §2): back button and header (a person with ONLINE, a project with 'PROJECT
 * DISCUSSION' and its team, or a community), the thread, and the input bar. A room is joined before its messages
 * are read or written ('Successfully Joined!').
 */
export function ChatView({ chat, me, onBack }: { chat: OpenChat; me: number; onBack: () => void }) {
  const room = useCommunity(chat.kind === 'room' ? chat.slug : null);
  const roomJoined = room.community?.joined === true;
  const project = useChatProject(chat.kind === 'project' ? chat.projectId : null);
  // A viewer follows a project but is not in its discussion (shared/API.md "Roles"): nothing is read or sent, so a
  // project's messages wait for the project (unless it cannot be read: then the server decides).
  const viewer = chat.kind === 'project' && project.data?.myRole === 'viewer';
  const canRead =
    chat.kind === 'room'
      ? roomJoined
      : chat.kind === 'project'
        ? project.data !== undefined
          ? !viewer
          : project.isError
        : true;
  const history = useChatMessages(chat, canRead);
  const messages = history.messages;
  useOutboxSending(me);
  const outgoing = usePendingMessages(chat, messages);
  // 'Uploading file...' while a file of this chat is on its way (the first of the chat's queue, being sent).
  const head = outgoing[0];
  const isUploading =
    head?.state === 'sending' && head.pending.file !== undefined && !head.pending.file.uploaded;
  const networkOnline = useBrowserOnline();
  const person = usePerson(chat.kind === 'direct' ? chat.userId : null, messages);
  const online = useOnline(chat.kind === 'direct' ? chat.userId : null);
  const sender = useSendMessage(chat);
  const signalTyping = useTypingSignal(chat);
  const typists = useTypists(messagesPath(chat)).filter((id) => id !== me);
  const safety = useSafety();

  const [actionsFor, setActionsFor] = useState<Message | null>(null);
  const [editing, setEditing] = useState<Message | null>(null);
  const [deleting, setDeleting] = useState<Message | null>(null);
  const [image, setImage] = useState<{ url: string; name: string } | null>(null);
  const [teamOpen, setTeamOpen] = useState(false);
  const [requestSent, setRequestSent] = useState(false);
  const [joined, setJoined] = useState(false);

  const { edit, remove, connect, join, leave } = useChatActions(chat, {
    onEdited: () => setEditing(null),
    onDeleted: () => setDeleting(null),
    onRequestSent: () => setRequestSent(true),
    onJoined: () => setJoined(true),
  });

  // The other person's role colours their avatar in a direct chat.
  const roleOf = (id: number) => (chat.kind === 'direct' && id === chat.userId ? person?.role : null);

  const typingNames = typists.map(
    (id) => messages.find((m) => m.senderId === id)?.senderName.split(' ')[0] ?? 'Someone',
  );
  const typingLabel: ReactNode =
    typists.length === 0 ? null : chat.kind === 'direct' ? (
      'typing…'
    ) : (
      <>
        <span>{typingNames.join(', ')} </span>
        <span>typing…</span>
      </>
    );

  const header =
    chat.kind === 'direct' ? (
      <DirectHeader
        onBack={onBack}
        name={person?.name ?? 'Chat'}
        photo={person?.photo ?? null}
        role={person?.role ?? null}
        // Offline, their last known presence says nothing about now.
        online={online && networkOnline}
        typing={typingLabel}
        connection={person?.connection ?? 'none'}
        onConnect={() => connect.mutate()}
        isConnecting={connect.isPending}
        onMore={
          safety && person
            ? () =>
                safety.personMenu(
                  { id: chat.userId, firstName: person.firstName, lastName: person.lastName },
                  // Blocked, they are gone from this chat: back to the list.
                  { onBlocked: onBack },
                )
            : undefined
        }
      />
    ) : chat.kind === 'project' ? (
      project.isPending && !project.isError ? (
        <ChatHeaderSkeleton onBack={onBack} />
      ) : (
        <ProjectHeader
          onBack={onBack}
          title={project.data?.title ?? 'Project chat'}
          typing={typingLabel}
          onInfo={() => setTeamOpen(true)}
        />
      )
    ) : (
      <RoomHeader
        onBack={onBack}
        name={communityChatTitle(chat.slug, room.community?.name)}
        members={room.community ? membersLabel(room.community.memberCount) : null}
        typing={typingLabel}
        joined={roomJoined}
        onLeave={() => leave.mutate()}
        isLeaving={leave.isPending}
      />
    );

  const status = errorStatus(history.error);
  // The history's first read waits for a network (TanStack pauses it offline).
  const waitingForNetwork = history.fetchStatus === 'paused';
  let body: ReactNode;
  let writable = false;
  if (chat.kind === 'room' && room.isPending) {
    body = <ThreadSkeleton />;
  } else if ((chat.kind === 'room' && !roomJoined) || (chat.kind === 'room' && status === 403)) {
    const name = communityChatTitle(chat.slug, room.community?.name);
    body = (
      <Panel
        icon={<Users className="size-8" aria-hidden />}
        title={`Join ${name}`}
        text={communityBlurb(chat.slug)}
      >
        {room.community && (
          <p className="font-display text-sm font-bold text-foreground">
            {membersLabel(room.community.memberCount)}
          </p>
        )}
        <Button size="lg" className="mt-2 min-w-40" loading={join.isPending} onClick={() => join.mutate()}>
          {join.isPending ? 'JOINING...' : 'JOIN TO CHAT'}
        </Button>
      </Panel>
    );
  } else if (viewer) {
    body = (
      <Panel
        icon={<Eye className="size-8" aria-hidden />}
        title="Only the team chats here"
        text="You follow this project as a viewer. Its owner and collaborators talk here; you still see its updates and its team."
      />
    );
  } else if (status === 403) {
    body = (
      <Panel
        icon={<Lock className="size-8" aria-hidden />}
        title="Team members only"
        text="Only the project's owner and collaborators can read and post in its discussion."
      />
    );
  } else if (status === 404 || status === 400) {
    body = (
      <Panel
        icon={<UserX className="size-8" aria-hidden />}
        title="This chat can't be opened"
        text={serverMessage(history.error, 'It may have been removed.')}
      />
    );
  } else if (history.isError && messages.length === 0) {
    body = (
      <Panel
        icon={<Lock className="size-8" aria-hidden />}
        title="Couldn't load messages"
        text="Check your connection and try again."
      >
        <Button variant="outline" onClick={() => void history.refetch()}>
          Retry
        </Button>
      </Panel>
    );
  } else if (history.isPending && !(waitingForNetwork && outgoing.length > 0)) {
    writable = true;
    // Offline with nothing kept (a chat's history is never kept on the device, src/lib/persisted-cache.ts): said
    // so, rather than a skeleton that never ends. What is written now waits to send.
    body = waitingForNetwork ? (
      <Panel
        icon={<CloudOff className="size-8" aria-hidden />}
        title="Messages load when you're back online"
        text="What was written in your chats is not kept on this device."
      />
    ) : (
      <ThreadSkeleton />
    );
  } else {
    writable = true;
    body =
      messages.length === 0 && outgoing.length === 0 && typists.length === 0 ? (
        <EmptyThread />
      ) : (
        <MessageThread
          messages={messages}
          outgoing={outgoing}
          onRetry={sender.retry}
          onDiscard={sender.discard}
          me={me}
          isGroup={chat.kind !== 'direct'}
          hasOlder={history.hasNextPage}
          isLoadingOlder={history.isFetchingNextPage}
          loadOlder={() => void history.fetchNextPage()}
          onActions={setActionsFor}
          othersHaveOptions={safety !== null}
          onOpenImage={(url, name) => setImage({ url, name })}
          roleOf={roleOf}
          typing={typists.length > 0 ? <TypingDots /> : null}
        />
      );
  }

  function onVoice(clip: VoiceClip) {
    const seconds = Math.max(1, Math.round(clip.seconds));
    sender.sendFile(clip.blob, `voice-message-${seconds}s.${clip.extension}`, 'audio');
  }

  return (
    <div className="flex h-full min-h-0 flex-col">
      {header}
      {body}
      {writable && !networkOnline && (
        // The app's offline bar is behind this full-screen chat: the chat says it itself, and what sending does now.
        <p className="flex items-center justify-center gap-1.5 border-t border-border/70 bg-primary-soft px-4 py-2 text-center text-xs font-medium text-primary-soft-foreground">
          <CloudOff className="size-3.5 shrink-0" aria-hidden />
          {"You're offline. Messages you send will go out when you're back online."}
        </p>
      )}
      {writable && (
        <Composer
          placeholder={PLACEHOLDERS[chat.kind]}
          onSend={sender.sendText}
          onFile={sender.sendFile}
          onVoice={onVoice}
          onTyping={signalTyping}
          isUploading={isUploading}
          editing={
            editing
              ? {
                  text: editing.content,
                  onSave: async (content) => {
                    if (content === editing.content.trim()) {
                      setEditing(null);
                      return true;
                    }
                    try {
                      await edit.mutateAsync({ id: editing.id, content });
                      return true;
                    } catch {
                      return false;
                    }
                  },
                  onCancel: () => setEditing(null),
                }
              : null
          }
        />
      )}
      <MessageActionsDialog
        message={actionsFor}
        mine={actionsFor?.senderId === me}
        onClose={() => setActionsFor(null)}
        onEdit={(message) => {
          setActionsFor(null);
          setEditing(message);
        }}
        onDelete={(message) => {
          setActionsFor(null);
          setDeleting(message);
        }}
        onReport={
          safety
            ? (message) => {
                setActionsFor(null);
                safety.report({ type: 'message', id: message.id, senderName: message.senderName });
              }
            : undefined
        }
      />
      <DeleteMessageDialog
        message={deleting}
        onClose={() => setDeleting(null)}
        onConfirm={(message) => remove.mutate(message)}
        isDeleting={remove.isPending}
      />
      <ImageViewerDialog image={image} onClose={() => setImage(null)} />
      {chat.kind === 'project' && (
        <ProjectTeamDialog project={project.data} open={teamOpen} onClose={() => setTeamOpen(false)} />
      )}
      <RequestSentDialog open={requestSent} onClose={() => setRequestSent(false)} />
      <JoinedDialog open={joined} onClose={() => setJoined(false)} />
    </div>
  );
}
