import { ArrowDownUp, FolderKanban, Heart, MessageCircle, UserPlus, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { phaseLabel, phaseTone } from '@/lib/projects/phases';
import { ROLE_LABELS } from '@/lib/roles';
import type { Community, ConnectedUser, Project } from '../api/types';
import { communityName } from '../lib/communities';
import { capitalise, fullName, listTime, membersLabel } from '../lib/format';
import { SORT_LABELS, type SortMode } from '../lib/sort';

/** The sort toggle: smart → newest → oldest (spec 000 §2). */
export function SortToggle({ mode, onNext }: { mode: SortMode; onNext: () => void }) {
  return (
    <button
      type="button"
      onClick={onNext}
      aria-label={`Sort: ${SORT_LABELS[mode]}. Change the order`}
      className="inline-flex min-h-11 items-center gap-1.5 rounded-full border border-border bg-card px-3 font-display text-xs font-bold uppercase tracking-wider text-foreground shadow-soft transition-colors hover:border-primary hover:text-primary focus-visible:outline-2 focus-visible:outline-ring"
    >
      <ArrowDownUp className="size-4" aria-hidden />
      {SORT_LABELS[mode]}
    </button>
  );
}

/** The Message button, with the red dot while the chat has unread messages. */
function MessageButton({ name, unread, onClick }: { name: string; unread: boolean; onClick: () => void }) {
  return (
    <Button
      size="sm"
      variant={unread ? 'primary' : 'secondary'}
      onClick={onClick}
      className="relative shrink-0 rounded-full"
    >
      <MessageCircle aria-hidden />
      Message
      <span className="sr-only">{` ${name}`}</span>
      {unread && (
        <>
          <span
            aria-hidden
            className="absolute -right-0.5 -top-0.5 size-3 animate-pop rounded-full bg-destructive ring-2 ring-card"
          />
          <span className="sr-only">, unread messages</span>
        </>
      )}
    </Button>
  );
}

export interface PersonEntry {
  user: ConnectedUser;
  unread: boolean;
  lastMessageAt: string | null;
}

/** The Connects tab (spec 000 §2): each connection with name, bio, role, two skills and '+N', and Message. */
export function PeopleList({
  entries,
  onOpen,
}: {
  entries: PersonEntry[];
  onOpen: (userId: number) => void;
}) {
  return (
    <ul className="flex flex-col gap-2" aria-label="Your connections">
      {entries.map(({ user, unread, lastMessageAt }) => {
        const name = fullName(user.firstName, user.lastName, user.username);
        const extra = user.skills.length - 2;
        return (
          <li
            key={user.id}
            className={cn(
              'flex gap-3 rounded-2xl border bg-card p-3 shadow-soft transition-colors',
              unread ? 'border-primary/40' : 'border-border/70',
            )}
          >
            <span className="relative shrink-0">
              <Avatar name={name} src={user.profileImageUrl} role={user.role} size="md" />
              {unread && (
                <span
                  aria-hidden
                  className="absolute -right-0.5 -top-0.5 size-3 rounded-full bg-destructive ring-2 ring-card"
                />
              )}
            </span>
            <div className="min-w-0 flex-1">
              <div className="flex items-center gap-2">
                <h3
                  className={cn('min-w-0 flex-1 truncate text-base', unread ? 'font-extrabold' : 'font-bold')}
                >
                  {name}
                </h3>
                {lastMessageAt && (
                  <span
                    className={cn(
                      'shrink-0 text-xs',
                      unread ? 'font-bold text-primary' : 'text-muted-foreground',
                    )}
                  >
                    {listTime(lastMessageAt)}
                  </span>
                )}
              </div>
              <Badge variant={user.role} className="mt-0.5">
                {ROLE_LABELS[user.role]}
              </Badge>
              <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">
                {user.bio?.trim() || 'No bio available'}
              </p>
              <div className="mt-2 flex items-center gap-2">
                <ul className="flex min-w-0 flex-1 flex-wrap gap-1" aria-label="Skills">
                  {user.skills.slice(0, 2).map((skill) => (
                    <li
                      key={skill}
                      className="max-w-32 truncate rounded-full bg-muted px-2 py-0.5 text-xs font-medium"
                    >
                      {skill}
                    </li>
                  ))}
                  {extra > 0 && (
                    <li className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground">
                      +{extra}
                    </li>
                  )}
                </ul>
                <MessageButton name={name} unread={unread} onClick={() => onOpen(user.id)} />
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export interface ProjectEntry {
  project: Project;
  unread: boolean;
  lastMessageAt: string | null;
}

/** The PROJECTS tab (spec 000 §2): title, category, phase, supporters, and Message. */
export function ProjectList({
  entries,
  onOpen,
}: {
  entries: ProjectEntry[];
  onOpen: (projectId: number) => void;
}) {
  return (
    <ul className="flex flex-col gap-2" aria-label="Your projects">
      {entries.map(({ project, unread, lastMessageAt }) => (
        <li
          key={project.id}
          className={cn(
            'flex gap-3 rounded-2xl border bg-card p-3 shadow-soft',
            unread ? 'border-primary/40' : 'border-border/70',
          )}
        >
          <span
            aria-hidden
            className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-brand-violet to-brand-orange font-display text-lg font-extrabold text-on-solid"
          >
            {project.title.trim().charAt(0).toUpperCase() || 'P'}
          </span>
          <div className="min-w-0 flex-1">
            <div className="flex items-center gap-2">
              <h3
                className={cn('min-w-0 flex-1 truncate text-base', unread ? 'font-extrabold' : 'font-bold')}
              >
                {project.title}
              </h3>
              {lastMessageAt && (
                <span
                  className={cn(
                    'shrink-0 text-xs',
                    unread ? 'font-bold text-primary' : 'text-muted-foreground',
                  )}
                >
                  {listTime(lastMessageAt)}
                </span>
              )}
            </div>
            <p className="text-sm text-muted-foreground">{capitalise(project.category)}</p>
            <div className="mt-2 flex items-center gap-2">
              <span
                className={cn(
                  'inline-flex items-center rounded-full px-2.5 py-1 font-display text-[0.6875rem] font-bold uppercase leading-none tracking-wider',
                  phaseTone(project.phase),
                )}
              >
                <span className="sr-only">Phase: </span>
                {phaseLabel(project.phase)}
              </span>
              <span className="inline-flex flex-1 items-center gap-1 text-xs font-semibold text-muted-foreground">
                <Heart className="size-3.5" aria-hidden />
                {project.supporterCount} {project.supporterCount === 1 ? 'supporter' : 'supporters'}
              </span>
              <MessageButton name={project.title} unread={unread} onClick={() => onOpen(project.id)} />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The four community rooms with their real member counts (API.md "Community rooms"). */
export function CommunityRooms({
  rooms,
  unread,
  onOpen,
}: {
  rooms: Community[];
  unread: (slug: string) => boolean;
  onOpen: (slug: string) => void;
}) {
  const tones = [
    'from-explorer-soft text-explorer-ink',
    'from-innovator-soft text-innovator-ink',
    'from-collaborator-soft text-collaborator-ink',
    'from-investor-soft text-investor-ink',
  ];
  return (
    <ul
      className="-mx-4 flex snap-x gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none]"
      aria-label="Community rooms"
    >
      {rooms.map((room, index) => {
        const name = communityName(room.slug, room.name);
        const hasUnread = room.joined && unread(room.slug);
        return (
          <li key={room.slug} className="snap-start">
            <button
              type="button"
              onClick={() => onOpen(room.slug)}
              className={cn(
                'relative flex h-24 w-36 flex-col justify-between rounded-2xl border border-border/70 bg-gradient-to-br to-card p-3 text-left shadow-soft transition-transform active:scale-[0.98] focus-visible:outline-2 focus-visible:outline-ring',
                tones[index % tones.length],
              )}
            >
              <Users className="size-5" aria-hidden />
              <span>
                <span className="block truncate font-display text-sm font-extrabold text-foreground">
                  {name}
                </span>
                <span className="block text-xs font-medium text-muted-foreground">
                  {membersLabel(room.memberCount)}
                  {room.joined ? ' · Joined' : ''}
                </span>
              </span>
              {hasUnread && (
                <>
                  <span
                    aria-hidden
                    className="absolute right-2 top-2 size-2.5 rounded-full bg-destructive ring-2 ring-card"
                  />
                  <span className="sr-only">, unread messages</span>
                </>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

export function ListSkeleton({ label }: { label: string }) {
  return (
    <div className="flex flex-col gap-2" aria-busy="true" aria-label={label}>
      {[0, 1, 2].map((index) => (
        <div key={index} className="flex gap-3 rounded-2xl border border-border/70 bg-card p-3">
          <Skeleton className="size-11 shrink-0 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-1/4" />
            <Skeleton className="h-3 w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}

export function ListError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border p-6 text-center">
      <p className="text-sm text-muted-foreground">{`Couldn't load ${what}.`}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

export function EmptyList({
  icon,
  text,
  children,
}: {
  icon: 'people' | 'projects';
  text: string;
  children?: ReactNode;
}) {
  const Icon = icon === 'people' ? UserPlus : FolderKanban;
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border bg-card/50 px-6 py-10 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-foreground">
        <Icon className="size-7" aria-hidden />
      </span>
      <p className="max-w-64 font-display text-base font-bold">{text}</p>
      {children}
    </div>
  );
}
