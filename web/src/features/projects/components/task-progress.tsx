import { ListChecks } from 'lucide-react';
import { cn } from '@/lib/cn';
import { taskPercent } from '../lib/tasks';
import { ProgressBar } from './progress-bar';

/** Completed of total tasks, as a bar with its numbers (spec 001 §2.3). */
export function TaskProgress({
  completed,
  total,
  className,
}: {
  completed: number;
  total: number;
  className?: string;
}) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-center justify-between text-xs font-semibold">
        <span className="inline-flex items-center gap-1.5 text-muted-foreground">
          <ListChecks className="size-3.5" aria-hidden />
          Task progress
        </span>
        <span className="tabular-nums">
          {total === 0 ? 'No tasks yet' : `${completed}/${total} · ${taskPercent(completed, total)}%`}
        </span>
      </div>
      <ProgressBar
        value={completed}
        max={Math.max(total, 0)}
        label="Task progress"
        valueText={`${completed} of ${total} tasks done`}
        fill="bg-success"
      />
    </div>
  );
}
