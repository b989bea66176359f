import { Check, UserX } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { allRows } from '@/lib/api/pages';
import type { Project, Task } from '../../api/types';
import { useAssignTask } from '../../hooks/use-project-actions';
import { useTeam } from '../../hooks/use-project-reads';

interface Person {
  id: number;
  name: string;
  detail: string;
  photo: string | null | undefined;
  role: 'innovator' | 'collaborator';
}

/** Assign Task (spec 001 §2.5): to the owner or one of the collaborators, or to nobody. */
export function AssignTaskDialog({
  project,
  task,
  open,
  onOpenChange,
}: {
  project: Project;
  task: Task | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Assign Task</DialogTitle>
          <DialogDescription>
            {task ? `Who takes “${task.title}”?` : 'Who takes this task?'}
          </DialogDescription>
        </DialogHeader>
        {open && task && <AssignForm project={project} task={task} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function AssignForm({ project, task, onDone }: { project: Project; task: Task; onDone: () => void }) {
  const name = useId();
  const team = useTeam(project.id);
  const assign = useAssignTask();
  const [chosen, setChosen] = useState<number | null>(task.assignedTo ?? null);

  const people: Person[] = [
    {
      id: project.ownerId,
      name: project.ownerName,
      detail: 'Owner',
      photo: project.ownerProfileImageUrl,
      role: 'innovator',
    },
    ...allRows(team.data).map((member) => ({
      id: member.userId,
      name: `${member.user.firstName} ${member.user.lastName}`.trim() || member.user.username,
      detail: `@${member.user.username}`,
      photo: member.user.profileImageUrl,
      role: 'collaborator' as const,
    })),
  ];
  const chosenName = chosen === null ? null : (people.find((person) => person.id === chosen)?.name ?? null);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        assign.mutate({ taskId: task.id, assignedTo: chosen, name: chosenName }, { onSuccess: onDone });
      }}
      className="flex flex-col gap-4"
    >
      <fieldset>
        <legend className="sr-only">Assign to</legend>
        <ul className="flex flex-col gap-2">
          {people.map((person) => (
            <li key={person.id}>
              <Choice name={name} checked={chosen === person.id} onChange={() => setChosen(person.id)}>
                <Avatar name={person.name} src={person.photo} role={person.role} size="sm" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-semibold">{person.name}</span>
                  <span className="block truncate text-xs text-muted-foreground">{person.detail}</span>
                </span>
              </Choice>
            </li>
          ))}
          {team.isPending && (
            <li aria-hidden>
              <Skeleton className="h-14 w-full rounded-xl" />
            </li>
          )}
          <li>
            <Choice name={name} checked={chosen === null} onChange={() => setChosen(null)}>
              <span className="flex size-9 items-center justify-center rounded-full bg-muted text-muted-foreground">
                <UserX className="size-4" aria-hidden />
              </span>
              <span className="flex-1 text-sm font-semibold">Nobody (unassigned)</span>
            </Choice>
          </li>
        </ul>
        {team.isError && (
          <p role="alert" className="mt-2 text-sm text-destructive">
            The team could not be loaded.{' '}
            <Button variant="link" onClick={() => void team.refetch()}>
              Retry
            </Button>
          </p>
        )}
        {team.hasNextPage && (
          <Button variant="outline" className="mt-2 w-full" onClick={() => void team.fetchNextPage()}>
            Load more people
          </Button>
        )}
      </fieldset>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={assign.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={assign.isPending}>
          Assign
        </Button>
      </DialogFooter>
    </form>
  );
}

function Choice({
  name,
  checked,
  onChange,
  children,
}: {
  name: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <label
      className={cn(
        'flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border-2 border-border px-3 py-2 transition-colors',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
        checked ? 'border-primary bg-primary-soft' : 'hover:border-muted-foreground/40',
      )}
    >
      <input type="radio" name={name} checked={checked} onChange={onChange} className="sr-only" />
      {children}
      <span
        aria-hidden
        className={cn(
          'flex size-6 shrink-0 items-center justify-center rounded-full border-2',
          checked ? 'border-primary bg-primary text-primary-foreground' : 'border-input',
        )}
      >
        {checked && <Check className="size-3.5" strokeWidth={3.5} />}
      </span>
    </label>
  );
}
