import { ListTodo, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { allRows } from '@/lib/api/pages';
import type { Project, Task } from '../../api/types';
import { useCompleteTask, useDeleteTask } from '../../hooks/use-project-actions';
import { AssignTaskDialog } from './assign-task-dialog';
import { CollapsibleSection } from './collapsible-section';
import { ConfirmDialog } from './confirm-dialog';
import { TaskDialog } from './task-dialog';
import { TaskItem } from './task-item';
import { useTasks } from '../../hooks/use-project-reads';

type Dialogs =
  | { kind: 'none' }
  | { kind: 'create' }
  | { kind: 'edit'; task: Task }
  | { kind: 'assign'; task: Task }
  | { kind: 'delete'; task: Task };

/** Project Tasks (spec 001 §2.5, §4): the list, completion for the team, and the owner's create/assign/edit/delete. */
export function TasksSection({
  project,
  myId,
  canComplete,
  isOwner,
}: {
  project: Project;
  myId: number;
  canComplete: boolean;
  isOwner: boolean;
}) {
  const tasks = useTasks(project.id);
  const complete = useCompleteTask();
  const remove = useDeleteTask();
  const [dialog, setDialog] = useState<Dialogs>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });
  const rows = allRows(tasks.data);
  const selected = dialog.kind === 'none' || dialog.kind === 'create' ? null : dialog.task;

  return (
    <CollapsibleSection
      title="Project Tasks"
      icon={ListTodo}
      tone="bg-success-soft text-success-soft-foreground"
      summary={
        project.taskCount === 0
          ? 'No tasks yet'
          : `${project.completedTaskCount} of ${project.taskCount} done`
      }
      action={
        isOwner ? (
          <Button
            variant="secondary"
            className="w-full"
            onClick={() => setDialog({ kind: 'create' })}
            aria-haspopup="dialog"
          >
            <Plus aria-hidden />
            Add Task
          </Button>
        ) : undefined
      }
    >
      {tasks.isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading tasks" className="space-y-2">
          <Skeleton className="h-16 w-full rounded-xl" />
          <Skeleton className="h-16 w-full rounded-xl" />
        </div>
      ) : tasks.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-4 text-center">
          <p className="text-sm font-semibold">The tasks could not be loaded.</p>
          <Button variant="outline" onClick={() => void tasks.refetch()} loading={tasks.isRefetching}>
            Retry
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-4 text-center">
          <p className="font-display text-sm font-extrabold tracking-wide text-muted-foreground">
            NO TASKS YET
          </p>
          <p className="max-w-xs text-xs text-muted-foreground">
            {isOwner
              ? 'Break the work into tasks: your team completes them and earns coins.'
              : 'The owner has not added tasks yet.'}
          </p>
        </div>
      ) : (
        <ul className="space-y-2">
          {rows.map((task) => (
            <li key={task.id}>
              <TaskItem
                task={task}
                myId={myId}
                canComplete={canComplete}
                isOwner={isOwner}
                completing={complete.isPending && complete.variables.id === task.id}
                onComplete={() => complete.mutate(task)}
                onAssign={() => setDialog({ kind: 'assign', task })}
                onEdit={() => setDialog({ kind: 'edit', task })}
                onDelete={() => setDialog({ kind: 'delete', task })}
              />
            </li>
          ))}
        </ul>
      )}
      {tasks.hasNextPage && (
        <Button
          variant="outline"
          className="mt-3 w-full"
          onClick={() => void tasks.fetchNextPage()}
          loading={tasks.isFetchingNextPage}
        >
          Load more tasks
        </Button>
      )}

      {isOwner && (
        <>
          <TaskDialog
            projectId={project.id}
            task={dialog.kind === 'edit' ? dialog.task : null}
            open={dialog.kind === 'create' || dialog.kind === 'edit'}
            onOpenChange={(open) => !open && close()}
          />
          <AssignTaskDialog
            project={project}
            task={dialog.kind === 'assign' ? dialog.task : null}
            open={dialog.kind === 'assign'}
            onOpenChange={(open) => !open && close()}
          />
          <ConfirmDialog
            open={dialog.kind === 'delete'}
            onOpenChange={(open) => !open && close()}
            title="Delete Task"
            description={selected ? `“${selected.title}” will be deleted for the whole team.` : ''}
            action="Delete Task"
            pendingAction="DELETING..."
            pending={remove.isPending}
            onConfirm={() => selected && remove.mutate(selected, { onSuccess: close })}
          />
        </>
      )}
    </CollapsibleSection>
  );
}
