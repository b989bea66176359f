import { useInfiniteQuery } from '@tanstack/react-query';
import { Lock, Plus, Rocket, Search } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { Button, buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/cn';
import { lazyChunk } from '@/lib/lazy-chunk';
import type { User } from '@/lib/session';
import { collaboratingProjectsQuery, ownedProjectsQuery } from '@/resources/projects';
import { AccessRestricted } from './components/access-restricted';
import { PortfolioNotice } from './components/portfolio-notice';
import { ProjectList } from './components/project-list';
import { createAccess, type ProjectsTab } from './lib/access';

// The form and the management view are chunks of their own: the list comes first.
const CreateProjectView = lazyChunk(() => import('./components/create/create-project-view'));
const ManageProjectView = lazyChunk(() => import('./components/manage/manage-project-view'));

/** Where the create form is. */
export const CREATE_HREF = '/create?new=1';

function ViewFallback() {
  return (
    <div aria-busy="true" aria-label="Loading" className="space-y-4">
      <Skeleton className="h-11 w-40" />
      <Skeleton className="aspect-[16/9] w-full rounded-2xl" />
      <Skeleton className="h-24 w-full rounded-2xl" />
      <Skeleton className="h-24 w-full rounded-2xl" />
    </div>
  );
}

/**
 * /create (spec 001 §2.3, §6): the projects screen by role. Explorers: Access Restricted. Investors: the portfolio
 * note. Collaborators and innovators: My Projects and Collaborating (collaborators only the latter), a search box,
 * and the cards. `?new=1` is the Create New Project form, `?manage={id}` a project's management view, for every
 * account role: whoever joined a project works on it (or follows it) as their place in it allows, and the server
 * says what they may do.
 */
export default function ProjectsScreen({ user }: { user: User }) {
  const access = createAccess(user.role);
  const params = new URLSearchParams(useSearch());
  const manage = Number(params.get('manage'));
  const creating = params.has('new');
  const view =
    manage > 0 ? 'manage' : access.kind !== 'projects' ? access.kind : creating ? 'create' : 'list';

  if (view === 'manage')
    return (
      <Suspense fallback={<ViewFallback />}>
        <ManageProjectView key={manage} projectId={manage} user={user} />
      </Suspense>
    );
  if (access.kind === 'restricted') return <AccessRestricted />;
  if (access.kind === 'portfolio') return <PortfolioNotice />;
  if (view === 'create' && access.canCreate)
    return (
      <Suspense fallback={<ViewFallback />}>
        <CreateProjectView />
      </Suspense>
    );
  return <ProjectsHome canCreate={access.canCreate} defaultTab={access.defaultTab} />;
}

function ProjectsHome({ canCreate, defaultTab }: { canCreate: boolean; defaultTab: ProjectsTab }) {
  const [tab, setTab] = useState<ProjectsTab>(defaultTab);
  const [search, setSearch] = useState('');

  return (
    <div className="space-y-5">
      <div className="pt-1">
        <h2 className="font-display text-4xl font-extrabold tracking-tight">Projects</h2>
        <p className="mt-1 font-display text-xs font-bold tracking-[0.16em] text-primary">
          BUILD • SHARE • GROW TOGETHER
        </p>
      </div>

      <CreateCard canCreate={canCreate} />

      <div className="relative">
        <label htmlFor="project-search" className="sr-only">
          Search projects
        </label>
        <Search
          className="pointer-events-none absolute left-3.5 top-1/2 size-5 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          id="project-search"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Search by title or description"
          className="pl-11"
          autoComplete="off"
        />
      </div>

      <Tabs value={tab} onValueChange={(value) => setTab(value as ProjectsTab)}>
        <TabsList aria-label="Projects">
          <TabsTrigger
            value="mine"
            disabled={!canCreate}
            aria-describedby={canCreate ? undefined : 'upgrade-required'}
          >
            {!canCreate && <Lock className="size-3.5" aria-hidden />}
            My Projects
          </TabsTrigger>
          <TabsTrigger value="collaborating">Collaborating</TabsTrigger>
        </TabsList>
        {!canCreate && (
          <p
            id="upgrade-required"
            className="mt-2 flex items-center gap-1.5 text-xs font-semibold text-muted-foreground"
          >
            <Lock className="size-3.5" aria-hidden />
            My Projects: Upgrade Required
          </p>
        )}
        <TabsContent value="mine">{canCreate && <MyProjects search={search} />}</TabsContent>
        <TabsContent value="collaborating">
          <CollaboratingProjects search={search} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function CreateCard({ canCreate }: { canCreate: boolean }) {
  return (
    <section
      aria-labelledby="create-card-title"
      className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-brand-violet to-innovator p-5 text-on-solid shadow-lift"
    >
      <span aria-hidden className="absolute -right-8 -top-10 size-36 rounded-full bg-on-solid/10" />
      <span aria-hidden className="absolute -bottom-12 right-16 size-28 rounded-full bg-on-solid/10" />
      <div className="relative flex items-start gap-3">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-on-solid/15">
          <Rocket className="size-6" aria-hidden />
        </span>
        <div className="min-w-0">
          <h3 id="create-card-title" className="font-display text-xl font-extrabold leading-tight">
            Create New Project
          </h3>
          <p className="mt-0.5 text-sm font-medium text-on-solid/90">
            Turn an idea into a project, build a team, earn 50-200 coins.
          </p>
        </div>
      </div>
      {canCreate ? (
        <Link
          href={CREATE_HREF}
          className={cn(
            buttonVariants({ variant: 'secondary', size: 'lg' }),
            'relative mt-4 w-full bg-on-solid text-brand-violet hover:bg-on-solid/90',
          )}
        >
          <Plus aria-hidden />
          Create Now
        </Link>
      ) : (
        <div className="relative mt-4 flex flex-col gap-2">
          <Button
            size="lg"
            variant="secondary"
            disabled
            aria-describedby="create-upgrade-required"
            className="w-full bg-on-solid text-brand-violet"
          >
            <Lock aria-hidden />
            Create Now
          </Button>
          <p id="create-upgrade-required" className="text-center text-sm font-bold">
            Upgrade Required: innovators create projects.{' '}
            <Link href="/profile" className="inline-flex min-h-11 items-center underline underline-offset-2">
              Upgrade
            </Link>
          </p>
        </div>
      )}
    </section>
  );
}

function MyProjects({ search }: { search: string }) {
  const query = useInfiniteQuery(ownedProjectsQuery());
  return (
    <ProjectList
      query={query}
      search={search}
      emptyHint="Create your first project and start building your team."
      emptyAction={
        <Link href={CREATE_HREF} className={buttonVariants()}>
          <Plus aria-hidden />
          Create your first project
        </Link>
      }
    />
  );
}

function CollaboratingProjects({ search }: { search: string }) {
  const query = useInfiniteQuery(collaboratingProjectsQuery());
  return (
    <ProjectList
      query={query}
      search={search}
      showOwner
      emptyHint="Start collaborating: join a project from a share link or ask to collaborate from Explore."
      emptyAction={
        <Link href="/explore" className={buttonVariants({ variant: 'outline' })}>
          Explore Projects
        </Link>
      }
    />
  );
}
