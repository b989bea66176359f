import {
  Bookmark,
  BookmarkCheck,
  CalendarDays,
  Check,
  Handshake,
  Heart,
  MessageSquarePlus,
  PoundSterling,
} from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { Project } from '../api/types';
import { useRequestCollaboration, useSupportProject } from '../hooks/use-deck-actions';
import { formatDate, supportersText } from '../lib/text';
import { CategoryChip, LookingForTags, PhaseBadge } from './project-bits';

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
  const description = project.description.trim();
  const created = formatDate(project.createdAt);
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-2">
        <CategoryChip category={project.category} />
        <PhaseBadge phase={project.phase} />
      </div>

      <section aria-labelledby={`about-${project.id}`} className="flex flex-col gap-1.5">
        <h3
          id={`about-${project.id}`}
          className="font-display text-xs font-bold uppercase tracking-[0.12em] text-muted-foreground"
        >
          About
        </h3>
        <p
          className={
            description
              ? 'whitespace-pre-line text-[0.9375rem] leading-relaxed'
              : 'text-sm italic text-muted-foreground'
          }
        >
          {description || 'No description provided'}
        </p>
      </section>

      {project.lookingFor.length > 0 && (
        <section aria-labelledby={`looking-${project.id}`} className="flex flex-col gap-2">
          <h3
            id={`looking-${project.id}`}
            className="font-display text-xs font-bold uppercase tracking-[0.12em] text-muted-foreground"
          >
            Looking for
          </h3>
          <LookingForTags tags={project.lookingFor} />
        </section>
      )}

      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-xl bg-muted px-3.5 py-3">
          <dt className="flex items-center gap-1.5 text-xs font-semibold text-muted-foreground">
            <CalendarDays className="size-3.5" aria-hidden />
            Created
          </dt>
          <dd className="mt-0.5 font-display text-base font-bold">{created || '—'}</dd>
        </div>
        <div className="rounded-xl bg-muted px-3.5 py-3">
          <dt className="flex items-center gap-1.5 text-xs font-semibold text-muted-foreground">
            <Heart className="size-3.5" aria-hidden />
            Supporters
          </dt>
          <dd className="mt-0.5 font-display text-base font-bold">
            <span className="sr-only">{supportersText(project.supporterCount)}</span>
            <span aria-hidden>{project.supporterCount.toLocaleString('en-GB')}</span>
          </dd>
        </div>
      </dl>

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
