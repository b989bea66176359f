import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useState } from 'react';
import { ReportProjectButton } from '@/components/safety/report-project-button';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ImageCarousel } from '@/components/projects/image-carousel';
import { errorStatus } from '@/lib/api/client';
import { useCurrentUser } from '@/lib/session';
import { useSafety } from '@/lib/safety';
import { projectQuery } from '@/lib/projects/queries';
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
  const query = useQuery({ ...projectQuery(projectId), placeholderData: initial });
  const project = query.data;
  const [tab, setTab] = useState<DetailTab>('overview');
  const [leavingFeedback, setLeavingFeedback] = useState(false);
  const safety = useSafety();
  const { user } = useCurrentUser();
  const canReport = safety !== null && project !== undefined && project.ownerId !== user?.id;
  // A protected project's updates and feedback are for its members (shared/API.md "Safety"); its card is public.
  const outsider = project !== undefined && project.isProtected && !project.myRole;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        hideClose
        className="h-[92dvh] gap-0 p-0 pt-3 sm:h-[min(88dvh,56rem)] sm:max-w-xl sm:pt-0"
      >
        <DialogPrimitive.Close
          aria-label="Close"
          className="sticky top-2 z-10 -mb-11 mr-2 inline-flex size-11 shrink-0 items-center justify-center self-end rounded-full focus-visible:outline-2 focus-visible:outline-ring"
        >
          <span className="flex size-9 items-center justify-center rounded-full bg-card/90 text-foreground shadow-soft backdrop-blur-sm">
            <X className="size-5" aria-hidden />
          </span>
        </DialogPrimitive.Close>

        {project ? (
          <>
            <ImageCarousel
              images={project.imageUrls}
              title={project.title}
              category={project.category}
              className="aspect-[16/10] w-full shrink-0"
            />
            <div className="flex flex-col gap-1 px-5 pt-4">
              <DialogTitle className="text-2xl font-extrabold leading-tight">{project.title}</DialogTitle>
              <DialogDescription>
                {project.ownerName.trim() ? `by ${project.ownerName.trim()}` : 'A project on Grow'}
              </DialogDescription>
            </div>
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
          <div className="flex flex-col items-center gap-3 px-6 pb-8 pt-10 text-center">
            <DialogTitle>
              {errorStatus(query.error) === 404 ? 'Project not found' : "Couldn't load this project"}
            </DialogTitle>
            <DialogDescription>
              {errorStatus(query.error) === 404
                ? 'It may have been unpublished or deleted.'
                : 'Something went wrong while fetching it.'}
            </DialogDescription>
            {errorStatus(query.error) !== 404 && (
              <Button variant="outline" onClick={() => void query.refetch()}>
                Retry
              </Button>
            )}
          </div>
        ) : (
          <div aria-busy="true" aria-label="Loading project" className="flex flex-col gap-3 pb-8">
            <DialogTitle className="sr-only">Loading project</DialogTitle>
            <Skeleton className="aspect-[16/10] w-full rounded-none" />
            <div className="flex flex-col gap-3 px-5">
              <Skeleton className="h-7 w-2/3" />
              <Skeleton className="h-11 w-full" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-5/6" />
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
