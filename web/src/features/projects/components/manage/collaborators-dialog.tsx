import { Search, UserMinus, UserPlus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { allRows } from '@/lib/api/pages';
import type { Project } from '../../api/types';
import { useAddCollaborator, useRemoveCollaborator } from '../../hooks/use-project-actions';
import { usePeopleSearch, useTeam } from '../../hooks/use-project-reads';

const SEARCH_DEBOUNCE_MS = 300;

function fullName(person: { firstName: string; lastName: string; username: string }): string {
  return `${person.firstName} ${person.lastName}`.trim() || person.username;
}

/**
 * Project Collaborators (spec 001 §2.5, §6): the owner and the collaborators; the owner alone adds people (found by
 * name or username) and removes them.
 */
export function CollaboratorsDialog({
  project,
  open,
  onOpenChange,
}: {
  project: Project;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Project Collaborators</DialogTitle>
          <DialogDescription>The people building {project.title}.</DialogDescription>
        </DialogHeader>
        {open && <Team project={project} />}
      </DialogContent>
    </Dialog>
  );
}

function Team({ project }: { project: Project }) {
  const owner = project.myRole === 'owner';
  const team = useTeam(project.id);
  const remove = useRemoveCollaborator(project.id);
  const members = allRows(team.data);

  return (
    <div className="flex flex-col gap-5">
      <ul className="flex flex-col gap-2" aria-label="Team">
        <li className="flex min-h-14 items-center gap-3 rounded-xl bg-muted/50 px-3 py-2">
          <Avatar name={project.ownerName} src={project.ownerProfileImageUrl} role="innovator" size="sm" />
          <span className="min-w-0 flex-1 truncate text-sm font-semibold">{project.ownerName}</span>
          <Badge variant="innovator">Owner</Badge>
        </li>
        {team.isPending && (
          <li aria-hidden>
            <Skeleton className="h-14 w-full rounded-xl" />
          </li>
        )}
        {members.map((member) => {
          const name = fullName(member.user);
          return (
            <li
              key={member.userId}
              className="flex min-h-14 items-center gap-3 rounded-xl bg-muted/50 py-1 pl-3 pr-1"
            >
              <Avatar name={name} src={member.user.profileImageUrl} role="collaborator" size="sm" />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-semibold">{name}</span>
                <span className="block truncate text-xs text-muted-foreground">
                  @{member.user.username} · {member.role === 'viewer' ? 'Viewer' : 'Collaborator'}
                </span>
              </span>
              {owner && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-destructive-soft-foreground hover:bg-destructive-soft"
                  aria-label={`Remove ${name}`}
                  loading={remove.isPending && remove.variables.userId === member.userId}
                  onClick={() => remove.mutate({ userId: member.userId, name })}
                >
                  <UserMinus aria-hidden />
                  Remove
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {team.isSuccess && members.length === 0 && (
        <p className="-mt-3 text-center text-sm text-muted-foreground">No collaborators yet</p>
      )}
      {team.isError && (
        <div role="alert" className="flex items-center justify-between gap-2 text-sm">
          <span>The team could not be loaded.</span>
          <Button variant="outline" size="sm" onClick={() => void team.refetch()}>
            Retry
          </Button>
        </div>
      )}
      {team.hasNextPage && (
        <Button variant="outline" onClick={() => void team.fetchNextPage()} loading={team.isFetchingNextPage}>
          Load more people
        </Button>
      )}
      {owner && (
        <AddCollaborator
          project={project}
          memberIds={new Set([project.ownerId, ...members.map((m) => m.userId), ...project.collaborators])}
        />
      )}
    </div>
  );
}

function AddCollaborator({ project, memberIds }: { project: Project; memberIds: ReadonlySet<number> }) {
  const id = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const found = usePeopleSearch(q);
  const add = useAddCollaborator(project.id);
  const people = (found.data ?? []).filter((person) => !memberIds.has(person.id));

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-2xl border border-border p-3">
      <h3 id={`${id}-title`} className="flex items-center gap-2 font-display text-sm font-extrabold">
        <UserPlus className="size-4" aria-hidden />
        Add Collaborator
      </h3>
      <div className="relative">
        <label htmlFor={`${id}-search`} className="sr-only">
          Find people by name or username
        </label>
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          id={`${id}-search`}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Name or username"
          autoComplete="off"
          className="pl-9"
        />
        {found.isFetching && (
          <Spinner
            size="sm"
            label="Searching"
            className="absolute right-3 top-1/2 -translate-y-1/2 text-muted-foreground"
          />
        )}
      </div>
      {q !== '' && found.isError && (
        <p role="alert" className="text-sm text-destructive">
          Failed to fetch users
        </p>
      )}
      {q !== '' && found.isSuccess && people.length === 0 && (
        <p className="text-sm text-muted-foreground">Nobody new matches “{q}”.</p>
      )}
      {q !== '' && people.length > 0 && (
        <ul className="flex flex-col gap-1.5" aria-label="People found">
          {people.map((person) => {
            const name = fullName(person);
            return (
              <li key={person.id} className="flex items-center gap-3 py-1">
                <Avatar name={name} src={person.profileImageUrl} role={person.role} size="sm" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-semibold">{name}</span>
                  <span className="block truncate text-xs text-muted-foreground">@{person.username}</span>
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Add ${name}`}
                  loading={add.isPending && add.variables.userId === person.id}
                  disabled={add.isPending}
                  onClick={() => add.mutate({ userId: person.id, name })}
                >
                  Add
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
