import type { Project } from '../../api/types';
import { useDeleteProject } from '../../hooks/use-project-actions';
import { ConfirmDialog } from './confirm-dialog';

/** Delete Project (spec 001 §2.5): confirmed, then gone with its tasks, updates, feedback and team. */
export function DeleteProjectDialog({
  project,
  open,
  onOpenChange,
  onDeleted,
}: {
  project: Project;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteProject(project.id);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Project"
      description={`“${project.title}” and its tasks, updates, feedback and team will be deleted. This can't be undone.`}
      action="Delete Project"
      pendingAction="DELETING..."
      pending={remove.isPending}
      onConfirm={() => remove.mutate(undefined, { onSuccess: onDeleted })}
    />
  );
}
