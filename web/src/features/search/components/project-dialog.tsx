import { Check, Handshake, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  ProjectDialogFailed,
  ProjectDialogFrame,
  ProjectDialogHeader,
  ProjectDialogLoading,
  ProjectFacts,
} from '@/components/projects/project-dialog';
import { ReportProjectButton } from '@/components/safety/report-project-button';
import { Button } from '@/components/ui/button';
import { useSafety } from '@/lib/safety';
import type { Project } from '../api/types';
import type { ConnectState } from '../hooks/use-connect';
import { useProjectDetails } from '../hooks/use-project-details';
import { ownerName } from '../lib/people';

/**
 * A project from the results (spec 001 §2.2): image carousel, category, phase, description, looking-for, created
 * date and supporter count, with 'Connect with Owner' and 'Request to Collaborate'. Opens at once from the search
 * answer and refreshes from `GET /api/projects/{id}` ('Failed to fetch project' when that fails).
 */
export function ProjectDialog({
  projectId,
  initial,
  ownerState,
  projectState,
  onConnectOwner,
  onCollaborate,
  onClose,
}: {
  projectId: number;
  initial?: Project;
  ownerState: (project: Project) => ConnectState;
  projectState: (project: Project) => ConnectState;
  onConnectOwner: (project: Project) => void;
  onCollaborate: (project: Project) => void;
  onClose: () => void;
}) {
  const { project, isError, retry } = useProjectDetails(projectId, initial);

  return (
    <ProjectDialogFrame onClose={onClose}>
      {project ? (
        <ProjectDetails
          project={project}
          ownerState={ownerState(project)}
          projectState={projectState(project)}
          onConnectOwner={() => onConnectOwner(project)}
          onCollaborate={() => onCollaborate(project)}
        />
      ) : isError ? (
        <ProjectDialogFailed
          title="Failed to fetch project"
          description="It may have been unpublished or deleted."
          onRetry={retry}
        />
      ) : (
        <ProjectDialogLoading />
      )}
    </ProjectDialogFrame>
  );
}

function ProjectDetails({
  project,
  ownerState,
  projectState,
  onConnectOwner,
  onCollaborate,
}: {
  project: Project;
  ownerState: ConnectState;
  projectState: ConnectState;
  onConnectOwner: () => void;
  onCollaborate: () => void;
}) {
  const safety = useSafety();
  return (
    <>
      <ProjectDialogHeader project={project} byline={`by ${ownerName(project)}`} />
      <div className="flex flex-col gap-5 px-5 pb-[max(1.5rem,env(safe-area-inset-bottom))] pt-5">
        <ProjectFacts project={project} />

        {projectState === 'own' ? (
          <p className="rounded-xl bg-primary-soft px-4 py-3 text-sm font-semibold text-primary-soft-foreground">
            This is your project. Manage it from Create.
          </p>
        ) : (
          <div className="flex flex-col gap-2">
            <ActionButton
              state={ownerState}
              onClick={onConnectOwner}
              icon={<UserPlus aria-hidden />}
              variant="outline"
            >
              Connect with Owner
            </ActionButton>
            <ActionButton state={projectState} onClick={onCollaborate} icon={<Handshake aria-hidden />}>
              Request to Collaborate
            </ActionButton>
            {safety && <ReportProjectButton project={project} className="mt-1 self-center" />}
          </div>
        )}
      </div>
    </>
  );
}

/** A dialog action that shows SENT (disabled, with a tick) once its request exists. */
function ActionButton({
  state,
  onClick,
  icon,
  variant = 'primary',
  children,
}: {
  state: ConnectState;
  onClick: () => void;
  icon: ReactNode;
  variant?: 'primary' | 'outline';
  children: string;
}) {
  if (state === 'own') return null;
  const sent = state === 'sent';
  return (
    <Button
      size="lg"
      variant={sent ? 'secondary' : variant}
      onClick={onClick}
      disabled={sent}
      loading={state === 'sending'}
      className={sent ? 'bg-success-soft text-success-soft-foreground disabled:opacity-100' : undefined}
    >
      {sent ? <Check aria-hidden /> : state !== 'sending' && icon}
      {children}
      {sent && (
        <span className="rounded-full bg-card/70 px-2 py-0.5 text-[0.6875rem] font-bold tracking-wider">
          SENT
        </span>
      )}
    </Button>
  );
}
