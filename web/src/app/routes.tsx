import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useLayoutEffect, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { Skeleton } from '@/components/ui/skeleton';
import { lazyChunk } from '@/lib/lazy-chunk';
import { signInHref } from '@/lib/next-path';
import {
  CURRENT_USER_KEY,
  noteWhereSessionEnded,
  useCurrentUser,
  useEndedSession,
  useSessionEndCount,
  type User,
} from '@/lib/session';
import { OutboxSender } from '@/features/chat/outbox-sender';
import { SafetyProvider } from '@/features/safety/safety-provider';
import { DailyLoginBonus } from '@/app/daily-login-bonus';
import { LiveChannel } from '@/app/live-channel';
import { RouteBoundary } from '@/app/route-boundary';
import { LoadingScreen } from '@/app/screens/loading-screen';
import { SessionErrorScreen } from '@/app/screens/session-error-screen';
import { SessionRefresh } from '@/app/session-refresh';
import { AppShell } from '@/app/shell/app-shell';

// One lazy chunk per screen.
const AuthScreen = lazyChunk(() => import('@/features/auth/screens/auth-screen'));
const DesignSystemScreen = lazyChunk(() => import('@/features/design-system/design-system-screen'));
const NotFoundScreen = lazyChunk(() => import('@/app/screens/not-found-screen'));
const PublicProjectScreen = lazyChunk(() => import('@/features/join/public-project-screen'));
const ExploreScreen = lazyChunk(() => import('@/features/explore/explore-screen'));
const SearchScreen = lazyChunk(() => import('@/features/search/search-screen'));
const CreateScreen = lazyChunk(() => import('@/features/projects/projects-screen'));
// Investors' /create is their Investment Portfolio (spec 001 §2.3, §2.6), from the investing area.
const InvestScreen = lazyChunk(() => import('@/app/screens/invest-route'));
const RewardsScreen = lazyChunk(() => import('@/features/rewards/rewards-screen'));
const IdeateScreen = lazyChunk(() => import('@/features/chat/ideate-screen'));
const ProfileScreen = lazyChunk(() => import('@/app/screens/profile-route'));
const JoinScreen = lazyChunk(() => import('@/features/join/join-screen'));
const AdminScreen = lazyChunk(() => import('@/features/safety/admin-screen'));
const SettingsScreen = lazyChunk(() => import('@/app/screens/settings-route'));
const VerifyEmailScreen = lazyChunk(() => import('@/features/account/verify-email-screen'));
const UnsubscribeScreen = lazyChunk(() => import('@/features/account/unsubscribe-screen'));

/**
 * The route table of spec 000 §2, for the signed-in and the signed-out states. A current-user call that fails
 * with anything but a 401 says nothing about the session: it gets a retryable error, not the login form.
 */
export function AppRoutes() {
  const { user, isLoading, error, retry } = useCurrentUser();
  // The end of a session takes every screen of it away at once, before any could render again and ask for what
  // was just forgotten; each person, and each new session, starts from a fresh tree (no state of the one before).
  const sessionEnds = useSessionEndCount();
  if (isLoading) return <LoadingScreen />;
  if (error) return <SessionErrorScreen onRetry={retry} />;
  return user ? <SignedInRoutes key={`${user.id}-${sessionEnds}`} user={user} /> : <SignedOutRoutes />;
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
  const [path] = useLocation();
  const search = useSearch();
  // A connect link (`/?connect={code}`, API.md "Limits and fair play") opened while signed in connects as the
  // profile's link does: the profile screen connects, says so, and takes the code out of the address.
  if ((path === '/' || path === '/explore') && new URLSearchParams(search).has('connect')) {
    return <Redirect to={`/profile?${search}`} replace />;
  }
  // Each route's screen has its own error boundary, keyed by the path so another route starts afresh.
  const inShell = (screen: ReactNode) => (
    <AppShell user={user}>
      <RouteBoundary key={path}>
        <Suspense fallback={<ContentFallback />}>{screen}</Suspense>
      </RouteBoundary>
    </AppShell>
  );

  return (
    // Block and Report, offered to every screen and dialog (src/lib/safety.ts).
    <SafetyProvider>
      {/* One live connection, one session poll and one daily-bonus check per signed-in user; a different user gets fresh ones. */}
      <LiveChannel key={`live-${user.id}`} />
      <SessionRefresh key={`refresh-${user.id}`} />
      <DailyLoginBonus key={`bonus-${user.id}`} />
      <OutboxSender key={`outbox-${user.id}`} userId={user.id} />
      <Switch>
        <Route path="/">{inShell(<ExploreScreen user={user} />)}</Route>
        <Route path="/explore">{inShell(<ExploreScreen user={user} />)}</Route>
        <Route path="/search">{inShell(<SearchScreen user={user} />)}</Route>
        <Route path="/create">
          {/* An investor's /create is their portfolio; a project they joined (`?manage=`) opens like anyone's. */}
          {inShell(
            user.role === 'investor' && !new URLSearchParams(search).has('manage') ? (
              <InvestScreen user={user} />
            ) : (
              <CreateScreen user={user} />
            ),
          )}
        </Route>
        <Route path="/rewards">{inShell(<RewardsScreen user={user} />)}</Route>
        <Route path="/ideate">{inShell(<IdeateScreen user={user} />)}</Route>
        <Route path="/profile">{inShell(<ProfileScreen user={user} />)}</Route>
        <Route path="/settings">{inShell(<SettingsScreen user={user} />)}</Route>
        <Route path="/verify-email">{inShell(<VerifyEmailScreen embedded />)}</Route>
        <Route path="/unsubscribe">{inShell(<UnsubscribeScreen embedded />)}</Route>
        <Route path="/join/:projectId">
          {(params) => inShell(<JoinScreen projectId={params.projectId} />)}
        </Route>
        <Route path="/project/:id">{(params) => inShell(<JoinScreen projectId={params.id} />)}</Route>
        <Route path="/design-system">{inShell(<DesignSystemScreen />)}</Route>
        {/* Administrators only: to anyone else the page does not exist. */}
        <Route path="/admin">{inShell(user.isAdmin ? <AdminScreen /> : <NotFoundScreen embedded />)}</Route>
        <Route>{inShell(<NotFoundScreen embedded />)}</Route>
      </Switch>
    </SafetyProvider>
  );
}

/**
 * A session that ended without the person asking (src/lib/session.ts) leaves them on a signed-in screen such as
 * /ideate, which signed out is no page at all: note that screen, to return to it after signing in, and land on the
 * sign-in screen (`/`), which says the session ended. True until then (nothing else is shown meanwhile).
 */
function useLandAfterSessionEnded(): boolean {
  const ended = useEndedSession();
  const [path, navigate] = useLocation();
  const search = useSearch();
  const landing = ended !== null && ended.returnTo === null;
  useLayoutEffect(() => {
    if (!landing) return;
    noteWhereSessionEnded(search ? `${path}?${search}` : path);
    if (path !== '/') navigate('/', { replace: true });
  }, [landing, path, search, navigate]);
  return landing;
}

/**
 * The screens only a signed-in person has (`/` and `/profile` are the sign-in screen themselves; /admin does not
 * exist for anyone but an administrator, so it stays Page Not Found).
 */
const SIGNED_IN_ONLY = ['/explore', '/search', '/create', '/rewards', '/ideate', '/settings'];

/** The sign-in screen, set to return to the address that was asked for (with its query) once signed in. */
function SignInFirst() {
  const [path] = useLocation();
  const search = useSearch();
  const queryClient = useQueryClient();
  // Signing in moves here before the signed-in routes take over: then there is nothing to ask.
  if (queryClient.getQueryData<User | null>(CURRENT_USER_KEY)) return null;
  return <Redirect to={signInHref(search ? `${path}?${search}` : path)} replace />;
}

function SignedOutRoutes() {
  const [path] = useLocation();
  const landing = useLandAfterSessionEnded();
  if (landing) return null;
  const page = (screen: ReactNode) => (
    <RouteBoundary key={path} standalone>
      <Suspense fallback={<LoadingScreen />}>{screen}</Suspense>
    </RouteBoundary>
  );

  return (
    <Switch>
      <Route path="/">{page(<AuthScreen />)}</Route>
      <Route path="/profile">{page(<AuthScreen />)}</Route>
      <Route path="/verify-email">{page(<VerifyEmailScreen />)}</Route>
      <Route path="/unsubscribe">{page(<UnsubscribeScreen />)}</Route>
      <Route path="/join/:projectId">
        {(params) => page(<PublicProjectScreen projectId={params.projectId} />)}
      </Route>
      <Route path="/project/:id">{(params) => page(<PublicProjectScreen projectId={params.id} />)}</Route>
      {/* A signed-in screen opened signed out (a bookmark, a notification's link, a session that lapsed while the
          app was closed) asks to sign in, then comes back here. */}
      {SIGNED_IN_ONLY.map((screen) => (
        <Route key={screen} path={screen}>
          <SignInFirst />
        </Route>
      ))}
      <Route path="/design-system">
        {page(
          <main className="mx-auto w-full max-w-lg px-4 pb-12 pt-safe-flow">
            <DesignSystemScreen standalone />
          </main>,
        )}
      </Route>
      <Route>{page(<NotFoundScreen />)}</Route>
    </Switch>
  );
}
