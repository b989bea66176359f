import {
  Bookmark,
  BookmarkCheck,
  Check,
  Handshake,
  Heart,
  MessageSquarePlus,
  PoundSterling,
} from 'lucide-react';
import { ProjectFacts } from '@/components/projects/project-dialog';
import { Button } from '@/components/ui/button';
import type { Project } from '../api/types';
import { useRequestCollaboration, useSupportProject } from '../hooks/use-deck-actions';

/**
 * Overview (spec 001 §2.1): category, phase, description ('No description provided'), looking-for, created date,
 * supporters, and the actions by role: Support ('Supported' once done), Request to Collaborate and, once
 * supported, Leave Feedback; investors see 'Make Investment Pledge' and 'Bookmark Project' instead.
 */
export function DetailOverview({
  project,
  isInvestor,
  onPledge,
  onLeaveFeedback,
}: {
  project: Project;
  isInvestor: boolean;
  onPledge: () => void;
  /** Null when the caller may not leave feedback here (a protected project they are not a member of). */
  onLeaveFeedback: (() => void) | null;
}) {
  return (
    <div className="flex flex-col gap-5">
      <ProjectFacts project={project} />

      {project.myRole === 'owner' ? (
        <p className="rounded-xl bg-primary-soft px-4 py-3 text-sm font-semibold text-primary-soft-foreground">
          This is your project. Manage it from Create.
        </p>
      ) : isInvestor ? (
        <InvestorActions project={project} onPledge={onPledge} />
      ) : (
        <MemberActions project={project} onLeaveFeedback={onLeaveFeedback} />
      )}
    </div>
  );
}

function MemberActions({
  project,
  onLeaveFeedback,
}: {
  project: Project;
  onLeaveFeedback: (() => void) | null;
}) {
  const support = useSupportProject();
  const request = useRequestCollaboration(project.id);
  const supported = project.isSupported || support.isSuccess;
  return (
    <div className="flex flex-col gap-2">
      <Button
        size="lg"
        onClick={() => support.mutate(project.id)}
        disabled={supported}
        loading={support.isPending}
        className={supported ? 'bg-success text-success-foreground disabled:opacity-100' : undefined}
      >
        {supported ? <Check aria-hidden /> : !support.isPending && <Heart aria-hidden />}
        {supported ? 'Supported' : 'Support'}
      </Button>
      <Button variant="outline" size="lg" onClick={() => request.mutate()} loading={request.isPending}>
        {!request.isPending && <Handshake aria-hidden />}
        Request to Collaborate
      </Button>
      {supported && onLeaveFeedback && (
        <Button variant="secondary" size="lg" onClick={onLeaveFeedback}>
          <MessageSquarePlus aria-hidden />
          Leave Feedback
        </Button>
      )}
    </div>
  );
}

function InvestorActions({ project, onPledge }: { project: Project; onPledge: () => void }) {
  const bookmark = useSupportProject();
  const bookmarked = project.isSupported || bookmark.isSuccess;
  return (
    <div className="flex flex-col gap-2">
      <Button size="lg" onClick={onPledge} className="bg-investor text-on-solid hover:bg-investor/90">
        <PoundSterling aria-hidden />
        Make Investment Pledge
      </Button>
      <Button
        variant="outline"
        size="lg"
        onClick={() => bookmark.mutate(project.id)}
        disabled={bookmarked}
        loading={bookmark.isPending}
      >
        {bookmarked ? <BookmarkCheck aria-hidden /> : !bookmark.isPending && <Bookmark aria-hidden />}
        {bookmarked ? 'Bookmarked' : 'Bookmark Project'}
      </Button>
    </div>
  );
}
