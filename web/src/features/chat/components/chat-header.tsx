import { ArrowLeft, Info, LogOut, MoreHorizontal, UserPlus, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { cn } from '@/lib/cn';
import { isRole, ROLE_LABELS } from '@/lib/roles';

const iconButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-full text-foreground transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50';

export function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <button type="button" onClick={onBack} aria-label="Back to messages" className={iconButton}>
      <ArrowLeft className="size-6" aria-hidden />
    </button>
  );
}

/** The header's second line: 'typing…' beats everything else. */
function Subtitle({ typing, children }: { typing: ReactNode; children: ReactNode }) {
  return (
    <SheetDescription asChild>
      <p className="truncate text-xs font-semibold">
        {typing ? <span className="text-primary">{typing}</span> : children}
      </p>
    </SheetDescription>
  );
}

function Frame({
  onBack,
  avatar,
  title,
  subtitle,
  actions,
}: {
  onBack: () => void;
  avatar: ReactNode;
  title: string;
  subtitle: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <SheetHeader className="gap-1 px-1">
      <BackButton onBack={onBack} />
      {avatar}
      <div className="min-w-0 flex-1 pl-1">
        <SheetTitle className="truncate text-base leading-tight">{title}</SheetTitle>
        {subtitle}
      </div>
      {actions}
    </SheetHeader>
  );
}

/**
 * A direct chat: the person, with the ONLINE marker while they are online (spec 000 §2), and their "More" menu
 * (Block, Report) when the app offers it.
 */
export function DirectHeader({
  onBack,
  name,
  photo,
  role,
  online,
  typing,
  connection,
  onConnect,
  isConnecting,
  onMore,
}: {
  onBack: () => void;
  name: string;
  photo: string | null;
  role: string | null;
  online: boolean;
  typing: ReactNode;
  connection: 'accepted' | 'pending' | 'none';
  onConnect: () => void;
  isConnecting: boolean;
  onMore?: () => void;
}) {
  const knownRole = isRole(role) ? role : undefined;
  return (
    <Frame
      onBack={onBack}
      avatar={
        <span className="relative shrink-0">
          <Avatar name={name} src={photo} role={knownRole} size="sm" className="size-10" />
          {online && (
            <span
              aria-hidden
              className="absolute bottom-0 right-0 size-3 rounded-full bg-success ring-2 ring-background"
            />
          )}
        </span>
      }
      title={name}
      subtitle={
        <Subtitle typing={typing}>
          {online ? (
            <span className="font-display tracking-wider text-success">ONLINE</span>
          ) : (
            <span className="text-muted-foreground">
              {knownRole ? ROLE_LABELS[knownRole] : 'Direct message'}
            </span>
          )}
        </Subtitle>
      }
      actions={
        <>
          {connection === 'accepted' ? undefined : connection === 'pending' ? (
            <span
              className={cn(
                'rounded-full bg-muted px-3 py-1 font-display text-[0.6875rem] font-bold uppercase tracking-wider text-muted-foreground',
                onMore ? 'mr-1' : 'mr-2',
              )}
            >
              Requested
            </span>
          ) : (
            <button
              type="button"
              onClick={onConnect}
              disabled={isConnecting}
              aria-label={`Connect with ${name}`}
              className={cn(iconButton, 'text-primary')}
            >
              <UserPlus className="size-5" aria-hidden />
            </button>
          )}
          {onMore && (
            <button
              type="button"
              onClick={onMore}
              aria-label={`More options for ${name}`}
              aria-haspopup="dialog"
              className={iconButton}
            >
              <MoreHorizontal className="size-5" aria-hidden />
            </button>
          )}
        </>
      }
    />
  );
}

/** A project chat: its title, 'PROJECT DISCUSSION' and the team's info button (spec 000 §2). */
export function ProjectHeader({
  onBack,
  title,
  typing,
  onInfo,
}: {
  onBack: () => void;
  title: string;
  typing: ReactNode;
  onInfo: () => void;
}) {
  return (
    <Frame
      onBack={onBack}
      avatar={
        <span
          aria-hidden
          className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-brand-violet to-brand-orange font-display text-sm font-extrabold text-on-solid"
        >
          {title.trim().charAt(0).toUpperCase() || 'P'}
        </span>
      }
      title={title}
      subtitle={
        <Subtitle typing={typing}>
          <span className="font-display tracking-wider text-muted-foreground">PROJECT DISCUSSION</span>
        </Subtitle>
      }
      actions={
        <button type="button" onClick={onInfo} aria-label="Project team" className={iconButton}>
          <Info className="size-5" aria-hidden />
        </button>
      }
    />
  );
}

/** A community room: its name and real member count; a member may leave. */
export function RoomHeader({
  onBack,
  name,
  members,
  typing,
  joined,
  onLeave,
  isLeaving,
}: {
  onBack: () => void;
  name: string;
  members: string | null;
  typing: ReactNode;
  joined: boolean;
  onLeave: () => void;
  isLeaving: boolean;
}) {
  return (
    <Frame
      onBack={onBack}
      avatar={
        <span
          aria-hidden
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-collaborator-soft text-collaborator-ink"
        >
          <Users className="size-5" />
        </span>
      }
      title={name}
      subtitle={
        <Subtitle typing={typing}>
          <span className="text-muted-foreground">{members ?? 'Community'}</span>
        </Subtitle>
      }
      actions={
        joined ? (
          <button
            type="button"
            onClick={onLeave}
            disabled={isLeaving}
            aria-label={`Leave ${name}`}
            className={cn(iconButton, 'text-muted-foreground')}
          >
            <LogOut className="size-5" aria-hidden />
          </button>
        ) : undefined
      }
    />
  );
}

/** The header while the chat's name loads. */
export function ChatHeaderSkeleton({ onBack }: { onBack: () => void }) {
  return (
    <SheetHeader className="gap-1 px-1">
      <BackButton onBack={onBack} />
      <span aria-hidden className="size-10 shrink-0 animate-pulse rounded-full bg-muted" />
      <div className="min-w-0 flex-1 space-y-1.5 pl-1">
        <SheetTitle className="sr-only">Loading chat</SheetTitle>
        <span aria-hidden className="block h-4 w-32 animate-pulse rounded bg-muted" />
        <span aria-hidden className="block h-3 w-24 animate-pulse rounded bg-muted" />
      </div>
    </SheetHeader>
  );
}
