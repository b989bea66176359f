import { zodResolver } from '@hookform/resolvers/zod';
import { FileText, Paperclip, X } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/lib/toast';
import type { Task } from '../../api/types';
import { useCreateTask, useEditTask } from '../../hooks/use-project-actions';
import { ATTACHMENT_ACCEPT, checkAttachments, fileName } from '../../lib/images';
import { taskSchema, TASK_TITLE_MAX_LENGTH, type TaskValues } from '../../lib/project-rules';

/**
 * Create New Task, or Edit Task (spec 001 §2.5, §5): a non-blank title, a description and attachments (images,
 * PDF, DOC, DOCX up to 10MB, uploaded when the task is saved).
 */
export function TaskDialog({
  projectId,
  task,
  open,
  onOpenChange,
}: {
  projectId: number;
  /** The task to edit; none to create one. */
  task?: Task | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{task ? 'Edit Task' : 'Create New Task'}</DialogTitle>
          <DialogDescription>
            {task ? 'Change what needs doing.' : 'A clear title helps your team pick it up.'}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted with the dialog: each opening starts afresh. */}
        {open && <TaskForm projectId={projectId} task={task ?? null} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function TaskForm({ projectId, task, onDone }: { projectId: number; task: Task | null; onDone: () => void }) {
  const id = useId();
  const create = useCreateTask(projectId);
  const edit = useEditTask();
  const pending = create.isPending || edit.isPending;
  const [kept, setKept] = useState<string[]>(() => [...(task?.attachments ?? [])]);
  const [files, setFiles] = useState<File[]>([]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TaskValues>({
    defaultValues: { title: task?.title ?? '', description: task?.description ?? '' },
    resolver: zodResolver(taskSchema, undefined, { mode: 'sync' }),
  });

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    const { accepted, problems } = checkAttachments(picked);
    for (const problem of problems) toast(problem);
    setFiles((current) => [...current, ...accepted]);
  };

  const onValid = (values: TaskValues) => {
    const input = { title: values.title, description: values.description, attachments: kept, files };
    if (task) edit.mutate({ taskId: task.id, input }, { onSuccess: onDone });
    else create.mutate(input, { onSuccess: onDone });
  };

  const count = kept.length + files.length;

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onValid)(event)} className="flex flex-col gap-4">
      <FormField id={`${id}-title`} label="Task title" error={errors.title?.message}>
        <Input
          maxLength={TASK_TITLE_MAX_LENGTH}
          autoComplete="off"
          placeholder="e.g. Sketch the landing page"
          {...register('title')}
        />
      </FormField>
      <FormField id={`${id}-description`} label="Description (optional)">
        <Textarea rows={3} placeholder="Details, links, what done looks like" {...register('description')} />
      </FormField>
      <div className="space-y-2">
        <p className="font-display text-xs font-semibold uppercase tracking-[0.08em] text-muted-foreground">
          Attachments (optional)
        </p>
        {count > 0 && (
          <ul className="space-y-1.5" aria-label="Attachments">
            {kept.map((url) => (
              <AttachmentRow
                key={url}
                name={fileName(url)}
                onRemove={() => setKept((all) => all.filter((u) => u !== url))}
              />
            ))}
            {files.map((file, index) => (
              <AttachmentRow
                key={`${file.name}-${index}`}
                name={file.name}
                onRemove={() => setFiles((all) => all.filter((f) => f !== file))}
              />
            ))}
          </ul>
        )}
        <label className="flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-xl border-2 border-dashed border-input px-3 text-sm font-semibold text-muted-foreground transition-colors hover:border-primary hover:text-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring">
          <input
            type="file"
            multiple
            accept={ATTACHMENT_ACCEPT}
            onChange={onPick}
            className="sr-only"
            aria-describedby={`${id}-files-hint`}
          />
          <Paperclip className="size-4" aria-hidden />
          Attach files
        </label>
        <p id={`${id}-files-hint`} className="text-xs text-muted-foreground">
          PNG, JPG, PDF, DOC up to 10MB
        </p>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" loading={pending}>
          {task ? (pending ? 'SAVING...' : 'Save Task') : pending ? 'CREATING...' : 'Create Task'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function AttachmentRow({ name, onRemove }: { name: string; onRemove: () => void }) {
  return (
    <li className="flex items-center gap-2 rounded-lg border border-border bg-muted/40 pl-3">
      <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <span className="min-w-0 flex-1 truncate text-sm">{name}</span>
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove ${name}`}
        className="inline-flex size-11 items-center justify-center rounded-lg text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <X className="size-4" aria-hidden />
      </button>
    </li>
  );
}
