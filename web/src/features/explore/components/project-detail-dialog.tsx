import { useState } from 'react';
import {
  ProjectDialogFailed,
  ProjectDialogFrame,
  ProjectDialogHeader,
  ProjectDialogLoading,
} from '@/components/projects/project-dialog';
import { ReportProjectButton } from '@/components/safety/report-project-button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorStatus } from '@/lib/api/client';
import { useCurrentUser } from '@/lib/session';
import { useSafety } from '@/lib/safety';
import { useProjectShown } from '@/resources/projects';
import type { Project } from '../api/types';
import { DetailFeedback } from './detail-feedback';
import { DetailOverview } from './detail-overview';
import { DetailUpdates } from './detail-updates';
import { LeaveFeedbackDialog } from './leave-feedback-dialog';
import { ProtectedNote } from './protected-note';

type DetailTab = 'overview' | 'updates' | 'feedback';

/**
 * A project's details (spec 001 §2.1): the image carousel, then the tabs Overview (every field, and the actions by
 * role), Updates and Feedback. Opens at once from what the deck already knows, and refreshes from the server.
 */
export default function ProjectDetailDialog({
  projectId,
  initial,
  isInvestor,
  onClose,
  onPledge,
}: {
  projectId: number;
  initial?: Project;
  isInvestor: boolean;
  onClose: () => void;
  onPledge: (project: Project) => void;
}) {
  const query = useProjectShown(projectId, initial);
  const project = query.data;
  const [tab, setTab] = useState<DetailTab>('overview');
  const [leavingFeedback, setLeavingFeedback] = useState(false);
  const safety = useSafety();
  const { user } = useCurrentUser();
  const canReport = safety !== null && project !== undefined && project.ownerId !== user?.id;
  // A protected project's updates and feedback are for its members (shared/API.md "Safety"); its card is public.
  const outsider = project !== undefined && project.isProtected && !project.myRole;

  return (
    <ProjectDialogFrame onClose={onClose} className="h-[92dvh] sm:h-[min(88dvh,56rem)]">
      {project ? (
        <>
          <ProjectDialogHeader
            project={project}
            byline={project.ownerName.trim() ? `by ${project.ownerName.trim()}` : 'A project on Grow'}
          />
          <Tabs
            value={tab}
            onValueChange={(value) => setTab(value as DetailTab)}
            className="px-5 pb-[max(1.5rem,env(safe-area-inset-bottom))] pt-4"
          >
            <TabsList aria-label="Project details">
              <TabsTrigger value="overview">Overview</TabsTrigger>
              <TabsTrigger value="updates">Updates</TabsTrigger>
              <TabsTrigger value="feedback">Feedback</TabsTrigger>
            </TabsList>
            <TabsContent value="overview">
              <DetailOverview
                project={project}
                isInvestor={isInvestor}
                onPledge={() => onPledge(project)}
                onLeaveFeedback={outsider ? null : () => setLeavingFeedback(true)}
              />
              {canReport && (
                <div className="mt-6 flex justify-center border-t border-border pt-3">
                  <ReportProjectButton project={project} />
                </div>
              )}
            </TabsContent>
            <TabsContent value="updates">
              {outsider ? <ProtectedNote /> : <DetailUpdates projectId={project.id} />}
            </TabsContent>
            <TabsContent value="feedback">
              {outsider ? (
                <ProtectedNote />
              ) : (
                <DetailFeedback
                  projectId={project.id}
                  canLeaveFeedback={!isInvestor && project.isSupported && project.myRole !== 'owner'}
                  onLeaveFeedback={() => setLeavingFeedback(true)}
                />
              )}
            </TabsContent>
          </Tabs>
          {leavingFeedback && (
            <LeaveFeedbackDialog
              projectId={project.id}
              projectTitle={project.title}
              onClose={() => setLeavingFeedback(false)}
              onSent={() => setTab('feedback')}
            />
          )}
        </>
      ) : query.isError ? (
        errorStatus(query.error) === 404 ? (
          <ProjectDialogFailed
            title="Project not found"
            description="It may have been unpublished or deleted."
          />
        ) : (
          <ProjectDialogFailed
            title="Couldn't load this project"
            description="Something went wrong while fetching it."
            onRetry={() => void query.refetch()}
          />
        )
      ) : (
        <ProjectDialogLoading withTabs />
      )}
    </ProjectDialogFrame>
  );
}
