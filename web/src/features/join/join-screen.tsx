import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, CloudOff, Heart, Lock, SearchX, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { errorStatus } from '@/lib/api/client';
import { cn } from '@/lib/cn';
import { thumbnailUrl } from '@/lib/projects/images';
import { projectQuery } from '@/resources/projects';
import { type JoinProject, type JoinRole } from './api/join';
import { JoinDialog } from './components/join-dialog';
import { useJoinProject } from './hooks/use-join-project';
import { categoryLabel, phaseLabel } from './lib/labels';
import { LookingFor, ProjectCover, ProjectLoading } from './components/project-parts';

/** The 256 px thumbnail of the project's first picture. */
function coverOf(project: JoinProject): string | null {
  const first = project.imageUrls[0];
  return first ? thumbnailUrl(first) : null;
}

function Message({
  icon: Icon,
  title,
  text,
  tone,
  action,
}: {
  icon: typeof CloudOff;
  title: string;
  text: string;
  tone: string;
  action: ReactNode;
}) {
  return (
    <div role="alert" className="flex flex-col items-center py-14 text-center">
      <span className={cn('mb-5 flex size-20 items-center justify-center rounded-3xl shadow-soft', tone)}>
        <Icon className="size-10" aria-hidden />
      </span>
      <h2 className="font-display text-3xl font-extrabold">{title}</h2>
      <p className="mt-2 max-w-xs text-muted-foreground">{text}</p>
      <div className="mt-7">{action}</div>
    </div>
  );
}

/**
 * The join-project screen at /join/{id} and /project/{id} (spec 000 §2): PROJECT OVERVIEW, then JOIN THE TEAM!
 * with the three roles. 'Loading project...' first; 'Project Not Found' for a project that does not exist (or is
 * not published). Signed-out visitors never get here: they see the public card (public-project-screen.tsx).
 */
export default function JoinScreen({ projectId }: { projectId: string }) {
  const {
    data: project,
    isPending,
    isError,
    error,
    refetch,
    isRefetching,
  } = useQuery(projectQuery(projectId));

  if (isPending) {
    return (
      <div className="space-y-4">
        <ProjectLoading />
      </div>
    );
  }
  if (isError) {
    const status = errorStatus(error);
    if (status === 404 || status === 400)
      return (
        <Message
          icon={SearchX}
          title="Project Not Found"
          text="The project you're trying to join doesn't exist."
          tone="bg-primary-soft text-primary-soft-foreground"
          action={
            <Link href="/" className={buttonVariants({ size: 'lg' })}>
              Go to Home
            </Link>
          }
        />
      );
    return (
      <Message
        icon={CloudOff}
        title="Error loading project"
        text="Check your connection, then try again."
        tone="bg-destructive-soft text-destructive-soft-foreground"
        action={
          <Button size="lg" onClick={() => void refetch()} loading={isRefetching}>
            Retry
          </Button>
        }
      />
    );
  }
  return <Overview project={project} projectId={projectId} />;
}

function Overview({ project, projectId }: { project: JoinProject; projectId: string }) {
  const [choosing, setChoosing] = useState(false);
  const [requested, setRequested] = useState(false);
  const join = useJoinProject(projectId, () => {
    setRequested(true);
    setChoosing(false);
  });
  const cover = coverOf(project);
  const member =
    project.myRole === 'owner' || project.myRole === 'collaborator' || project.myRole === 'viewer';

  return (
    <div className="space-y-4">
      <article
        aria-labelledby="project-overview"
        className="overflow-hidden rounded-2xl border border-border bg-card text-card-foreground shadow-soft"
      >
        <ProjectCover title={project.title} src={cover}>
          {project.isProtected && (
            <span className="absolute right-2 top-2 inline-flex items-center gap-1 rounded-full bg-card/90 px-2.5 py-1 text-xs font-bold uppercase tracking-wide text-foreground shadow-soft backdrop-blur">
              <Lock className="size-3.5" aria-hidden />
              Protected
            </span>
          )}
        </ProjectCover>
        <div className="space-y-4 p-5">
          <div>
            <h2
              id="project-overview"
              className="font-display text-xs font-extrabold tracking-[0.18em] text-primary"
            >
              PROJECT OVERVIEW
            </h2>
            <h3 className="mt-1 break-words font-display text-3xl font-extrabold leading-tight tracking-tight">
              {project.title}
            </h3>
            <p className="mt-1 text-sm text-muted-foreground">by {project.ownerName}</p>
          </div>
          <dl className="flex flex-wrap gap-2">
            <div>
              <dt className="sr-only">Category</dt>
              <dd>
                <Badge variant="outline">{categoryLabel(project.category)}</Badge>
              </dd>
            </div>
            <div>
              <dt className="sr-only">Phase</dt>
              <dd>
                <Badge>{phaseLabel(project.phase)}</Badge>
              </dd>
            </div>
          </dl>
          <p
            className={cn(
              'whitespace-pre-line break-words',
              !project.description && 'italic text-muted-foreground',
            )}
          >
            {project.description || 'No description provided'}
          </p>
          <LookingFor roles={project.lookingFor} heading="h4" />
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
            <span className="inline-flex items-center gap-1.5">
              <Users className="size-4" aria-hidden />
              {project.collaboratorCount + 1} on the team
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Heart className="size-4" aria-hidden />
              {project.supporterCount === 1 ? '1 supporter' : `${project.supporterCount} supporters`}
            </span>
          </p>
        </div>
      </article>

      {member ? (
        <div className="flex items-center gap-3 rounded-2xl bg-success-soft p-4 text-success-soft-foreground">
          <CheckCircle2 className="size-6 shrink-0" aria-hidden />
          <p className="flex-1 text-sm font-semibold">
            {project.myRole === 'owner' ? 'This is your project.' : "You're already on this team."}
          </p>
          <Link href={`/create?manage=${project.id}`} className={buttonVariants({ size: 'sm' })}>
            Open
          </Link>
        </div>
      ) : requested ? (
        <div
          role="status"
          className="flex items-center gap-3 rounded-2xl bg-primary-soft p-4 text-primary-soft-foreground"
        >
          <CheckCircle2 className="size-6 shrink-0" aria-hidden />
          <p className="text-sm font-semibold">Join request sent! The owner will review your request.</p>
        </div>
      ) : (
        <div className="space-y-2">
          <Button size="lg" className="w-full" onClick={() => setChoosing(true)} aria-haspopup="dialog">
            JOIN PROJECT
          </Button>
          {project.isProtected && (
            <p className="text-center text-xs text-muted-foreground">
              This project is protected: the owner approves new members.
            </p>
          )}
        </div>
      )}

      <JoinDialog
        open={choosing}
        onOpenChange={setChoosing}
        title={project.title}
        pendingRole={join.isPending ? join.variables : null}
        onChoose={(role: JoinRole) => join.mutate(role)}
      />
    </div>
  );
}
