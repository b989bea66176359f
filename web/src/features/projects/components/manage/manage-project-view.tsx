import { ArrowLeft, CloudOff, FolderX, Pencil, Trash2, UserRoundX } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { ReportProjectButton } from '@/components/safety/report-project-button';
import { Button, buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { errorStatus } from '@/lib/api/client';
import { cn } from '@/lib/cn';
import { useSafety } from '@/lib/safety';
import type { User } from '@/lib/session';
import { myRoleOf, type Project } from '../../api/types';
import { ListMessage } from '../project-list';
import { PdfButton } from '../pdf-button';
import { ShareProjectButton } from '../share-project-button';
import { DeleteProjectDialog } from './delete-project-dialog';
import { DetailsSection, EDIT_FORM_ID } from './details-section';
import { FeedbackSection } from './feedback-section';
import { PledgesSection } from './pledges-section';
import { SettingsSection } from './settings-section';
import { TasksSection } from './tasks-section';
import { UpdatesSection } from './updates-section';
import { useManagedProject } from '../../hooks/use-project-reads';

function BackLink() {
  return (
    <Link
      href="/create"
      className="-ml-2 inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 font-display text-sm font-semibold text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
    >
      <ArrowLeft className="size-4" aria-hidden />
      Back to projects
    </Link>
  );
}

/**
 * The project management view (spec 001 §2.5) at /create?manage={id}: the owner's, with Edit (Save/Cancel) and
 * Delete, the phase, the toggles, tasks, updates, feedback, the pledges and the team; a collaborator's read-only
 * version (without the pledges, which are the owner's alone), where tasks can still be completed.
 */
export default function ManageProjectView({ projectId, user }: { projectId: number; user: User }) {
  const { data: project, isPending, isError, error, refetch, isRefetching } = useManagedProject(projectId);

  if (isPending) {
    return (
      <div className="space-y-4">
        <BackLink />
        <p role="status" className="flex items-center gap-2 text-sm font-semibold text-muted-foreground">
          <Spinner size="sm" label="" />
          Loading project...
        </p>
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="aspect-[16/9] w-full rounded-2xl" />
        <Skeleton className="h-16 w-full rounded-2xl" />
        <Skeleton className="h-16 w-full rounded-2xl" />
      </div>
    );
  }
  if (isError) {
    const missing = errorStatus(error) === 404;
    return (
      <div className="space-y-4">
        <BackLink />
        {missing ? (
          <ListMessage icon={FolderX} title="Project not found" role="alert">
            It may have been deleted, or it was never yours to manage.
          </ListMessage>
        ) : (
          <ListMessage
            icon={CloudOff}
            title="Error loading project"
            role="alert"
            tone="bg-destructive-soft text-destructive-soft-foreground"
            action={
              <Button onClick={() => void refetch()} loading={isRefetching}>
                Retry
              </Button>
            }
          >
            Check your connection, then try again.
          </ListMessage>
        )}
      </div>
    );
  }
  const role = myRoleOf(project);
  if (role === null) {
    return (
      <div className="space-y-4">
        <BackLink />
        <ListMessage
          icon={UserRoundX}
          title="You're not on this team"
          action={
            <Link href={`/join/${project.id}`} className={buttonVariants()}>
              See how to join
            </Link>
          }
        >
          Only the owner and collaborators of {project.title} can open it here.
        </ListMessage>
      </div>
    );
  }
  return <ManageProject project={project} user={user} />;
}

function ManageProject({ project, user }: { project: Project; user: User }) {
  const [, navigate] = useLocation();
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const owner = project.myRole === 'owner';
  const viewer = project.myRole === 'viewer';
  const canComplete = owner || project.myRole === 'collaborator';
  const safety = useSafety();

  return (
    <div className="space-y-4">
      <BackLink />
      <div className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={owner ? 'innovator' : viewer ? 'explorer' : 'collaborator'}>
            {owner ? 'Owner' : viewer ? 'Viewer' : 'Collaborator'}
          </Badge>
          {!project.isPublished && <Badge variant="outline">Unpublished</Badge>}
          {project.isProtected && <Badge variant="outline">Protected</Badge>}
        </div>
        <h2 className="break-words font-display text-3xl font-extrabold leading-tight tracking-tight">
          {project.title}
        </h2>
        {viewer ? (
          <p className="rounded-xl bg-explorer-soft px-3 py-2 text-sm font-medium text-explorer-ink">
            You follow this project as a viewer: you see its team, tasks and updates. Only the owner and
            collaborators complete tasks and chat in its discussion.
          </p>
        ) : (
          !owner && (
            <p className="rounded-xl bg-collaborator-soft px-3 py-2 text-sm font-medium text-collaborator-ink">
              You&apos;re a collaborator: complete tasks here. {project.ownerName} manages the rest.
            </p>
          )
        )}
        {owner && (
          <div className="flex gap-2" role="group" aria-label="Project actions">
            {/* Keyed apart: were Edit's button reused as Save (a submit button of the form that Edit mounts), the
                browser would finish Edit's click by submitting the form, saving it unchanged at once. */}
            {editing ? (
              <>
                <Button key="save" type="submit" form={EDIT_FORM_ID} className="flex-1" loading={saving}>
                  {saving ? 'Saving...' : 'Save'}
                </Button>
                <Button
                  variant="outline"
                  className="flex-1"
                  onClick={() => setEditing(false)}
                  disabled={saving}
                >
                  Cancel
                </Button>
              </>
            ) : (
              <>
                <Button key="edit" variant="secondary" className="flex-1" onClick={() => setEditing(true)}>
                  <Pencil aria-hidden />
                  Edit
                </Button>
                <Button
                  variant="outline"
                  className="flex-1 text-destructive hover:border-destructive hover:text-destructive"
                  onClick={() => setDeleting(true)}
                >
                  <Trash2 aria-hidden />
                  Delete
                </Button>
              </>
            )}
          </div>
        )}
        <div className={cn('flex gap-2')}>
          <ShareProjectButton projectId={project.id} title={project.title} className="flex-1" />
          <PdfButton project={project} className="flex-1" />
        </div>
      </div>

      <DetailsSection
        project={project}
        editing={editing}
        onSaving={setSaving}
        onSaved={() => setEditing(false)}
        currentUserId={user.id}
      />
      <TasksSection project={project} myId={user.id} canComplete={canComplete} isOwner={owner} />
      <UpdatesSection project={project} isOwner={owner} />
      <FeedbackSection project={project} />
      {owner && <PledgesSection project={project} />}
      <SettingsSection project={project} isOwner={owner} />

      {!owner && safety && (
        <div className="flex justify-center">
          <ReportProjectButton project={project} />
        </div>
      )}

      {owner && (
        <DeleteProjectDialog
          project={project}
          open={deleting}
          onOpenChange={setDeleting}
          onDeleted={() => navigate('/create')}
        />
      )}
    </div>
  );
}
