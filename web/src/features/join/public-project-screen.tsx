import { useQuery } from '@tanstack/react-query';
import { CloudOff, Heart, LockKeyhole } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { MessageScreen } from '@/components/message-screen';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { GrowLogo } from '@/components/ui/logo';
import { errorStatus } from '@/lib/api/client';
import { cn } from '@/lib/cn';
import { signInHref } from '@/lib/next-path';
import { publicProjectQuery } from './api/public-project';
import { categoryLabel, phaseLabel } from './lib/labels';
import { LookingFor, ProjectCover, ProjectLoading } from './components/project-parts';

/**
 * A shared project link opened signed out (/project/{id}, /join/{id}; API.md "Public project pages"): the project's
 * public card, with Sign up and Log in, each of which comes back here. A project that is not public (or no
 * project) still says 'Authentication Required' (spec 000 §2), and signing in from there comes back too.
 */
export default function PublicProjectScreen({ projectId }: { projectId: string }) {
  const [here] = useLocation();
  const { data: project, isPending, isError, error, refetch } = useQuery(publicProjectQuery(projectId));

  if (isPending) {
    return (
      <Page>
        <ProjectLoading rounded="rounded-3xl" />
      </Page>
    );
  }
  if (isError) {
    const status = errorStatus(error);
    if (status === 404 || status === 400)
      return (
        <MessageScreen
          icon={LockKeyhole}
          title="Authentication Required"
          message="Please log in to join this project."
          action="Go to Home"
          href={signInHref(here)}
        />
      );
    return (
      <MessageScreen
        icon={CloudOff}
        title="Error loading project"
        message="Check your connection, then try again."
        action="Retry"
        onAction={() => void refetch()}
      />
    );
  }

  const cover = project.imageUrls[0];
  const supporters = project.supporterCount;
  return (
    <Page>
      <article
        aria-labelledby="public-project-title"
        className="overflow-hidden rounded-3xl border border-border bg-card text-card-foreground shadow-soft"
      >
        <ProjectCover title={project.title} src={cover ?? null} />
        <div className="space-y-4 p-5">
          <div className="flex flex-wrap gap-2">
            <Badge variant="outline">{categoryLabel(project.category)}</Badge>
            <Badge>{phaseLabel(project.phase)}</Badge>
          </div>
          <h1
            id="public-project-title"
            className="break-words font-display text-3xl font-extrabold leading-tight tracking-tight"
          >
            {project.title}
          </h1>
          <div className="flex items-center gap-3">
            <Avatar
              name={project.owner.firstName}
              src={project.owner.profileImageUrl}
              size="sm"
              role="innovator"
            />
            <p className="text-sm">
              <span className="text-muted-foreground">Started by </span>
              <span className="font-semibold">{project.owner.firstName}</span>
            </p>
            <p className="ml-auto inline-flex items-center gap-1 text-sm font-semibold text-muted-foreground">
              <Heart className="size-4" aria-hidden />
              {supporters === 1 ? '1 supporter' : `${supporters} supporters`}
            </p>
          </div>
          <p
            className={cn(
              'whitespace-pre-line break-words',
              !project.description && 'italic text-muted-foreground',
            )}
          >
            {project.description || 'No description provided'}
          </p>
          <LookingFor roles={project.lookingFor} heading="h2" />
        </div>
      </article>
      <section
        aria-labelledby="public-join"
        className="rounded-3xl bg-primary-soft p-5 text-primary-soft-foreground shadow-soft"
      >
        <h2 id="public-join" className="font-display text-xl font-extrabold">
          Join {project.owner.firstName} on Grow
        </h2>
        <p className="mt-1 text-sm">
          Sign up to support this project or ask to join its team. You&apos;ll come straight back here.
        </p>
        <div className="mt-4 grid grid-cols-2 gap-3">
          <Link href={signInHref(here, 'signup')} className={buttonVariants({ size: 'lg' })}>
            Sign up
          </Link>
          <Link href={signInHref(here)} className={buttonVariants({ size: 'lg', variant: 'outline' })}>
            Log in
          </Link>
        </div>
      </section>
    </Page>
  );
}

function Page({ children }: { children: ReactNode }) {
  return (
    <main className="min-h-dvh bg-background pb-safe pt-safe">
      <div className="mx-auto flex w-full max-w-lg flex-col gap-5 px-4 pb-12 pt-6">
        <Link href="/" aria-label="Grow home" className="inline-flex min-h-11 items-center self-start">
          <GrowLogo markClassName="size-8" />
        </Link>
        {children}
      </div>
    </main>
  );
}
