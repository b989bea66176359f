import { Check, FileText, Paperclip, Pencil, Trash2, UserPlus, UserRound } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import type { Task } from '../../api/types';
import { fileName } from '../../lib/images';
import { completedByLabel } from '../../lib/tasks';

const IMAGE_FILE = /\.(png|jpe?g|gif|webp|avif)$/i;

/**
 * A task (spec 001 §4): open, or completed with 'Task completed by …' and its button disabled. Owner and
 * collaborators complete it; the owner also assigns, edits and deletes it; a viewer has no control on an open task.
 */
export function TaskItem({
  task,
  myId,
  canComplete,
  isOwner,
  completing,
  onComplete,
  onAssign,
  onEdit,
  onDelete,
}: {
  task: Task;
  myId: number;
  canComplete: boolean;
  isOwner: boolean;
  completing: boolean;
  onComplete: () => void;
  onAssign: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const doneBy = completedByLabel(task, myId);
  const assignee =
    task.assignedTo == null
      ? null
      : task.assignedTo === myId
        ? 'you'
        : `@${task.assignedToUsername ?? task.assignedTo}`;

  return (
    <article
      aria-label={task.title}
      className={cn(
        'rounded-xl border border-border p-3 transition-colors',
        task.isCompleted ? 'bg-success-soft/50' : 'bg-card',
      )}
    >
      <div className="flex items-start gap-3">
        {canComplete || task.isCompleted ? (
          <button
            type="button"
            onClick={onComplete}
            disabled={task.isCompleted || !canComplete || completing}
            aria-label={task.isCompleted ? `Completed: ${task.title}` : `Complete task: ${task.title}`}
            aria-pressed={task.isCompleted}
            className={cn(
              'relative -m-1 inline-flex size-11 shrink-0 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-ring',
              'disabled:cursor-default',
            )}
          >
            <span
              className={cn(
                'flex size-7 items-center justify-center rounded-full border-2 transition-colors',
                task.isCompleted
                  ? 'border-success bg-success text-success-foreground'
                  : 'border-input hover:border-success hover:bg-success-soft',
              )}
            >
              {completing ? (
                <Spinner size="sm" label="" />
              ) : task.isCompleted ? (
                <Check className="size-4 animate-pop" strokeWidth={3} aria-hidden />
              ) : null}
            </span>
          </button>
        ) : (
          // A viewer follows the project: an open task is shown, with nothing to press (shared/API.md "Roles").
          <span className="-m-1 inline-flex size-11 shrink-0 items-center justify-center">
            <span className="size-7 rounded-full border-2 border-border" aria-hidden />
            <span className="sr-only">Open task</span>
          </span>
        )}
        <div className="min-w-0 flex-1 pt-1">
          <p
            className={cn(
              'break-words font-display text-sm font-bold leading-snug',
              task.isCompleted && 'text-muted-foreground line-through decoration-2',
            )}
          >
            {task.title}
          </p>
          {task.description && (
            <p className="mt-0.5 whitespace-pre-line break-words text-sm text-muted-foreground">
              {task.description}
            </p>
          )}
          <div className="mt-1.5 flex flex-wrap gap-x-3 gap-y-1 text-xs font-semibold">
            {doneBy && (
              <span className="inline-flex items-center gap-1 text-success-soft-foreground">
                <Check className="size-3.5" strokeWidth={3} aria-hidden />
                {doneBy}
              </span>
            )}
            {assignee && (
              <span className="inline-flex items-center gap-1 text-muted-foreground">
                <UserRound className="size-3.5" aria-hidden />
                Assigned to {assignee}
              </span>
            )}
          </div>
          {task.attachments.length > 0 && (
            <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Attachments">
              {task.attachments.map((url) => (
                <li key={url}>
                  <a
                    href={url}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex min-h-11 max-w-[12rem] items-center gap-1.5 rounded-lg border border-border bg-muted/50 px-2.5 text-xs font-semibold hover:border-primary focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    {IMAGE_FILE.test(url) ? (
                      <Paperclip className="size-3.5 shrink-0" aria-hidden />
                    ) : (
                      <FileText className="size-3.5 shrink-0" aria-hidden />
                    )}
                    <span className="truncate">{fileName(url)}</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      {isOwner && (
        <div className="mt-2 flex justify-end gap-1 border-t border-border/60 pt-2">
          <Button variant="ghost" size="sm" onClick={onAssign} aria-label={`Assign task: ${task.title}`}>
            <UserPlus aria-hidden />
            Assign
          </Button>
          <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`Edit task: ${task.title}`}>
            <Pencil aria-hidden />
            Edit
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={onDelete}
            aria-label={`Delete task: ${task.title}`}
            className="text-destructive-soft-foreground hover:bg-destructive-soft"
          >
            <Trash2 aria-hidden />
            Delete
          </Button>
        </div>
      )}
    </article>
  );
}
