import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { failureText, serverMessage } from '@/lib/api/client';
import { invalidatePath } from '@/lib/api/query-keys';
import { coinsSentence, paidOf, sentences } from '@/lib/coins';
import { CURRENT_USER_KEY } from '@/lib/session';
import { toast, type ToastOptions } from '@/lib/toast';
import { postFeedback } from '@/resources/project-parts';
import { projectQuery, putProject, refreshProject } from '@/resources/projects';
import { uploadFiles } from '@/resources/uploads';
import {
  addCollaborator,
  assignTask,
  completeTask,
  createProject,
  createTask,
  deleteProject,
  deleteTask,
  downloadProjectPdf,
  editProject,
  editTask,
  postUpdate,
  removeCollaborator,
} from '../api/projects';
import type { NewProject, NewTask, Project, ProjectChanges, Task, TaskChanges } from '../api/types';
import { saveBlob } from '@/lib/download';
import { pdfFileName } from '../lib/download';

/** Delay between the update toast and the supporters-notified toast (spec 001 §4, §9). */
export const SUPPORTERS_TOAST_DELAY_MS = 2000;

/** An upload that failed: its own toast ('Upload failed'), not the call's. `cause` is the call's error. */
export class UploadFailed extends Error {
  override readonly name = 'UploadFailed';
}

async function upload(files: readonly File[]): Promise<string[]> {
  if (files.length === 0) return [];
  try {
    return await uploadFiles(files);
  } catch (error) {
    console.error('Upload failed', error);
    throw new UploadFailed(serverMessage(error, ''), { cause: error });
  }
}

/** 'Upload failed': the wait when the uploads were refused for too many tries, else `description`. */
function uploadFailedToast(error: UploadFailed, description: string): ToastOptions {
  return {
    title: 'Upload failed',
    description: failureText(error.cause, description),
    variant: 'destructive',
  };
}
const IMAGES_UPLOAD_FAILED = 'Failed to upload images';
const ATTACHMENTS_UPLOAD_FAILED = 'Failed to upload attachments. Please try again.';

/** A task of project `id` was added, removed or completed: its tasks, and its counts (its details, the lists). */
function refreshTaskCounts(queryClient: QueryClient, id: number): void {
  void refreshProject(queryClient, id, ['tasks'], { counts: true });
}

/** A task of project `id` changed in itself (its words, files, assignee): that project's tasks, nothing else. */
function refreshTasks(queryClient: QueryClient, id: number): void {
  void refreshProject(queryClient, id, ['tasks']);
}

/** The lists of projects (one was created or deleted); a list not on screen is read when next shown. */
function refreshLists(queryClient: QueryClient): void {
  for (const path of ['/api/projects', '/api/projects/collaborating', '/api/projects/supported'])
    void queryClient.invalidateQueries({ queryKey: [path] });
}

/** Coins were earned: the balance everywhere (the server pushes `user_updated` too; this covers a closed socket). */
function refreshCoins(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY, exact: true });
  void invalidatePath(queryClient, '/api/rewards');
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

// ---- Projects ----

export interface CreateProjectInput {
  project: Omit<NewProject, 'imageUrls'>;
  images: readonly File[];
}

/** CREATE PROJECT: uploads the hero images, creates the project, and says how many coins it paid. */
export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['/api/projects', 'create'],
    mutationFn: async ({ project, images }: CreateProjectInput) =>
      createProject({ ...project, imageUrls: await upload(images) }),
    onSuccess: (created) => {
      queryClient.setQueryData(projectQuery(created.id).queryKey, created);
      refreshLists(queryClient);
      refreshCoins(queryClient);
      toast({
        title: 'Project Created!',
        description: sentences(`"${created.title}" is ready.`, coinsSentence(created, 'project')),
        variant: 'success',
      });
    },
    onError: (error) => {
      if (error instanceof UploadFailed) toast(uploadFailedToast(error, IMAGES_UPLOAD_FAILED));
      else
        toast({
          title: 'Error',
          description: serverMessage(error, 'Failed to create project'),
          variant: 'destructive',
        });
    },
  });
}

export interface EditProjectInput {
  changes: ProjectChanges;
  /** New images to upload and add after `changes.imageUrls` (the kept ones). */
  newImages?: readonly File[];
  /** What to say when it worked. */
  success: ToastOptions;
}

/** Every owner's change of a project (details, phase, Published, Protected): 'Update failed' when refused. */
export function useEditProject(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['/api/projects/{id}', 'edit', projectId],
    mutationFn: async ({ changes, newImages = [] }: EditProjectInput) => {
      const added = await upload(newImages);
      const body: ProjectChanges =
        added.length > 0 ? { ...changes, imageUrls: [...(changes.imageUrls ?? []), ...added] } : changes;
      return editProject(projectId, body);
    },
    onSuccess: (project, { success }) => {
      // The answer is the project as it now is: put in place, nothing read again (issue 49: an edit made ten GETs).
      putProject(queryClient, project);
      toast(success);
    },
    onError: (error) => {
      if (error instanceof UploadFailed) toast(uploadFailedToast(error, IMAGES_UPLOAD_FAILED));
      else
        toast({
          title: 'Update failed',
          description: serverMessage(error, 'Failed to update project'),
          variant: 'destructive',
        });
    },
  });
}

/** Delete Project: gone with its tasks, updates, feedback and team. */
export function useDeleteProject(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['/api/projects/{id}', 'delete', projectId],
    mutationFn: () => deleteProject(projectId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: projectQuery(projectId).queryKey });
      refreshLists(queryClient);
      toast({ title: 'Project deleted', description: 'The project and everything in it are gone.' });
    },
    onError: (error) =>
      toast({
        title: 'Delete failed',
        description: serverMessage(error, 'Failed to delete project'),
        variant: 'destructive',
      }),
  });
}

/** The PDF summary, fetched and saved as `<title>_project_summary.pdf`. */
export function useDownloadPdf() {
  return useMutation({
    mutationKey: ['/api/projects/{id}/download-pdf'],
    mutationFn: async (project: Pick<Project, 'id' | 'title'>) => {
      saveBlob(await downloadProjectPdf(project.id), pdfFileName(project.title));
    },
    onError: (error) => {
      console.error('PDF download failed', error);
      toast({
        title: 'Download Failed',
        description: failureText(error, 'Failed to generate PDF'),
        variant: 'destructive',
      });
    },
  });
}

// ---- Tasks ----

export interface TaskInput {
  title: string;
  description: string;
  /** Attachments already uploaded (kept, when editing). */
  attachments: string[];
  /** New files to upload and attach. */
  files: readonly File[];
}

async function taskBody(input: TaskInput): Promise<NewTask & TaskChanges> {
  const attachments = [...input.attachments, ...(await upload(input.files))];
  // spec 001 §5: an empty description and an empty attachment list are sent as null.
  return {
    title: input.title.trim(),
    description: input.description.trim() || null,
    attachments: attachments.length > 0 ? attachments : null,
  };
}

function taskFailed(fallback: string) {
  return (error: Error) => {
    if (error instanceof UploadFailed) toast(uploadFailedToast(error, ATTACHMENTS_UPLOAD_FAILED));
    else toast({ title: 'Error', description: serverMessage(error, fallback), variant: 'destructive' });
  };
}

/** Create New Task (the owner). */
export function useCreateTask(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['/api/projects/{id}/tasks', 'create', projectId],
    mutationFn: async (input: TaskInput) => createTask(projectId, await taskBody(input)),
    onSuccess: (task) => {
      refreshTaskCounts(queryClient, projectId);
      toast({ title: 'Task created', description: task.title, variant: 'success' });
    },
    onError: taskFailed('Failed to create task'),
  });
}

/** Edit Task (the owner): title, description, attachments. */
export function useEditTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['/api/tasks/{taskId}', 'edit'],
    mutationFn: async ({ taskId, input }: { taskId: number; input: TaskInput }) =>
      editTask(taskId, await taskBody(input)),
    onSuccess: (task) => {
      refreshTasks(queryClient, task.projectId);
      toast({ title: 'Task updated', variant: 'success' });
    },
    onError: taskFailed('Failed to update task'),
  });
}

/** Delete Task (the owner). */
export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['/api/tasks/{taskId}', 'delete'],
    mutationFn: (task: Task) => deleteTask(task.id),
    onSuccess: (_nothing, task) => {
      refreshTaskCounts(queryClient, task.projectId);
      toast({ title: 'Task deleted' });
    },
    onError: taskFailed('Failed to delete task'),
  });
}

/**
 * Complete a task (owner and collaborators): the coins it paid as the answer says them, or that today's limit for
 * completing tasks was reached (shared/API.md "Coins"); a task completed before pays nothing and says nothing of it.
 */
export function useCompleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['/api/projects/tasks/{taskId}/complete'],
    mutationFn: (task: Task) => completeTask(task.id),
    onSuccess: (task) => {
      refreshTaskCounts(queryClient, task.projectId);
      refreshCoins(queryClient);
      toast({
        title: 'Task Completed!',
        // 'You earned 25 coins for completing "X".', '"X" is done. You've reached today's coin limit…', '"X" is done.'
        description: sentences(
          paidOf(task).kind === 'earned' ? null : `"${task.title}" is done.`,
          coinsSentence(task, 'task', `for completing "${task.title}"`),
        ),
        variant: 'success',
      });
    },
    onError: (error, task) => {
      refreshTaskCounts(queryClient, task.projectId);
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to complete task'),
        variant: 'destructive',
      });
    },
  });
}

/** Assign Task (the owner): to the owner or a collaborator, or to nobody. */
export function useAssignTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['/api/projects/tasks/{taskId}/assign'],
    mutationFn: ({
      taskId,
      assignedTo,
    }: {
      taskId: number;
      assignedTo: number | null;
      name: string | null;
    }) => assignTask(taskId, assignedTo),
    onSuccess: (task, { name }) => {
      refreshTasks(queryClient, task.projectId);
      toast({
        title: name ? 'Task assigned' : 'Task unassigned',
        ...(name ? { description: `Assigned to ${name}.` } : {}),
        variant: 'success',
      });
    },
    onError: (error) =>
      toast({
        title: 'Assignment failed',
        description: serverMessage(error, 'Failed to assign task'),
        variant: 'destructive',
      }),
  });
}

// ---- Updates and feedback ----

export interface UpdateInput {
  title: string;
  content: string;
  image: File | null;
}

/** Post Project Update: the update toast, then 2 s later how many supporters were notified. */
export function usePostUpdate(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['/api/projects/{id}/updates', 'post', projectId],
    mutationFn: async ({ title, content, image }: UpdateInput) => {
      const [imageUrl] = await upload(image ? [image] : []);
      return postUpdate(projectId, {
        title: title.trim(),
        content: content.trim(),
        imageUrl: imageUrl ?? null,
      });
    },
    onSuccess: (posted) => {
      void refreshProject(queryClient, projectId, ['updates']);
      toast({
        title: 'Update Posted!',
        description: `"${posted.title}" is live on your project.`,
        variant: 'success',
      });
      setTimeout(
        () =>
          toast({
            title: 'Supporters Notified',
            description:
              posted.supporterCount > 0
                ? `${plural(posted.supporterCount, 'supporter')} notified of your update.`
                : 'No supporters to notify yet: they will see it on your project.',
          }),
        SUPPORTERS_TOAST_DELAY_MS,
      );
    },
    onError: (error) => {
      if (error instanceof UploadFailed) toast(uploadFailedToast(error, IMAGES_UPLOAD_FAILED));
      else
        toast({
          title: 'Error',
          description: serverMessage(error, 'Failed to post update'),
          variant: 'destructive',
        });
    },
  });
}

/** A feedback comment or a reply (trimmed, never blank). */
export function usePostFeedback(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['/api/projects/{id}/feedback', 'post', projectId],
    mutationFn: ({ content, parentId }: { content: string; parentId: number | null }) =>
      postFeedback(projectId, { content: content.trim(), parentId }),
    onSuccess: () => {
      void refreshProject(queryClient, projectId, ['feedback']);
      toast({ title: 'Feedback submitted!', variant: 'success' });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to submit feedback'),
        variant: 'destructive',
      }),
  });
}

// ---- The team ----

export function useAddCollaborator(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['/api/projects/{id}/collaborators', 'add', projectId],
    mutationFn: ({ userId }: { userId: number; name: string }) => addCollaborator(projectId, userId),
    onSuccess: (_added, { name }) => {
      void refreshProject(queryClient, projectId, ['collaborators'], { counts: true });
      toast({ title: 'Collaborator added', description: `${name} is on the team.`, variant: 'success' });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to add collaborator'),
        variant: 'destructive',
      }),
  });
}

export function useRemoveCollaborator(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['/api/projects/{id}/collaborators/{userId}', 'remove', projectId],
    mutationFn: ({ userId }: { userId: number; name: string }) => removeCollaborator(projectId, userId),
    onSuccess: (_nothing, { name }) => {
      void refreshProject(queryClient, projectId, ['collaborators'], { counts: true });
      toast({ title: 'Collaborator removed', description: `${name} is no longer on the team.` });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to remove collaborator'),
        variant: 'destructive',
      }),
  });
}
