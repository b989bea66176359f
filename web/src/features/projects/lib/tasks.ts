import type { Task } from '../api/types';

/**
 * Who completed a task (spec 001 §4): 'you', else their username, else '@' and their id. Null while open.
 */
export function completedBy(
  task: Pick<Task, 'isCompleted' | 'completedBy' | 'completedByUsername'>,
  myId: number,
): string | null {
  if (!task.isCompleted) return null;
  if (task.completedBy != null && task.completedBy === myId) return 'you';
  if (task.completedByUsername) return task.completedByUsername;
  return task.completedBy != null ? `@${task.completedBy}` : 'someone';
}

/** 'Task completed by you', 'Task completed by ada', 'Task completed by @12'. */
export function completedByLabel(
  task: Pick<Task, 'isCompleted' | 'completedBy' | 'completedByUsername'>,
  myId: number,
): string | null {
  const who = completedBy(task, myId);
  return who === null ? null : `Task completed by ${who}`;
}

/** Completed of total as a percentage (0 when there are no tasks). */
export function taskPercent(completed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((Math.min(completed, total) / total) * 100);
}
