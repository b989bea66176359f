import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser, type User } from '@/lib/session';
import { LiveChannel } from '@/app/live-channel';
import { LoadingScreen } from '@/app/screens/loading-screen';
import { AppShell } from '@/app/shell/app-shell';

// One lazy chunk per screen.
const AuthScreen = lazy(() => import('@/features/auth/screens/auth-screen'));
const DesignSystemScreen = lazy(() => import('@/features/design-system/design-system-screen'));
const NotFoundScreen = lazy(() => import('@/app/screens/not-found-screen'));
const JoinLoginRequiredScreen = lazy(() => import('@/app/screens/join-login-required-screen'));
const ExploreScreen = lazy(() => import('@/features/placeholders/explore-placeholder'));
const SearchScreen = lazy(() => import('@/features/placeholders/search-placeholder'));
const CreateScreen = lazy(() => import('@/features/placeholders/create-placeholder'));
const RewardsScreen = lazy(() => import('@/features/placeholders/rewards-placeholder'));
const IdeateScreen = lazy(() => import('@/features/placeholders/ideate-placeholder'));
const ProfileScreen = lazy(() => import('@/features/placeholders/profile-placeholder'));
const JoinScreen = lazy(() => import('@/features/placeholders/join-placeholder'));

/** The route table of spec 000 §2, for the signed-in and the signed-out states. */
export function AppRoutes() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <LoadingScreen />;
  return user ? <SignedInRoutes user={user} /> : <SignedOutRoutes />;
}

function ContentFallback() {
  return (
    <div className="space-y-4" aria-busy="true" aria-label="Loading">
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-48 w-full rounded-2xl" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-5/6" />
    </div>
  );
}

function SignedInRoutes({ user }: { user: User }) {
  const inShell = (screen: ReactNode) => (
    <AppShell user={user}>
      <Suspense fallback={<ContentFallback />}>{screen}</Suspense>
    </AppShell>
  );

  return (
    <>
      {/* One live connection per signed-in user; a different user gets a fresh one. */}
      <LiveChannel key={user.id} />
      <Switch>
        <Route path="/">{inShell(<ExploreScreen user={user} />)}</Route>
        <Route path="/explore">{inShell(<ExploreScreen user={user} />)}</Route>
        <Route path="/search">{inShell(<SearchScreen />)}</Route>
        <Route path="/create">{inShell(<CreateScreen user={user} />)}</Route>
        <Route path="/rewards">{inShell(<RewardsScreen user={user} />)}</Route>
        <Route path="/ideate">{inShell(<IdeateScreen />)}</Route>
        <Route path="/profile">{inShell(<ProfileScreen user={user} />)}</Route>
        <Route path="/join/:projectId">
          {(params) => inShell(<JoinScreen projectId={params.projectId} />)}
        </Route>
        <Route path="/project/:id">{(params) => inShell(<JoinScreen projectId={params.id} />)}</Route>
        <Route path="/design-system">{inShell(<DesignSystemScreen />)}</Route>
        <Route>{inShell(<NotFoundScreen embedded />)}</Route>
      </Switch>
    </>
  );
}

function SignedOutRoutes() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Switch>
        <Route path="/">
          <AuthScreen />
        </Route>
        <Route path="/profile">
          <AuthScreen />
        </Route>
        <Route path="/join/:projectId">
          <JoinLoginRequiredScreen />
        </Route>
        <Route path="/project/:id">
          <JoinLoginRequiredScreen />
        </Route>
        <Route path="/design-system">
          <div className="mx-auto w-full max-w-lg px-4 pb-12 pt-safe">
            <DesignSystemScreen standalone />
          </div>
        </Route>
        <Route>
          <NotFoundScreen />
        </Route>
      </Switch>
    </Suspense>
  );
}
