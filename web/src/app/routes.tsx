import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useDeferredValue, useLayoutEffect, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
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
import { RouteBoundary } from '@/app/route-boundary';
import { loadAuth, loadSignedInApp } from '@/app/screen-loaders';
import { LoadingScreen } from '@/app/screens/loading-screen';
import { SessionErrorScreen } from '@/app/screens/session-error-screen';

// One lazy chunk per screen, and one for the whole signed-in app.
const SignedInRoutes = lazyChunk(loadSignedInApp);
const AuthScreen = lazyChunk(loadAuth);
const DesignSystemScreen = lazyChunk(() => import('@/features/design-system/design-system-screen'));
const NotFoundScreen = lazyChunk(() => import('@/app/screens/not-found-screen'));
const PublicProjectScreen = lazyChunk(() => import('@/features/join/public-project-screen'));
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
  // The first answer swaps the loading screen for the whole app (shell and screen), the largest render of a visit.
  // The answer arrives through a store (TanStack Query), whose updates React renders in one piece; its deferred copy
  // is rendered as a transition, in slices that leave the main thread free in between (a slow phone otherwise
  // blocked input for hundreds of ms). The loading screen stays until then. Only that step is deferred: a change of
  // user while loaded (signing in, a session ending) renders at once, as before.
  const loaded = useDeferredValue(!isLoading);
  if (isLoading || !loaded) return <LoadingScreen />;
  if (error) return <SessionErrorScreen onRetry={retry} />;
  if (!user) return <SignedOutRoutes />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <SignedInRoutes key={`${user.id}-${sessionEnds}`} user={user} />
    </Suspense>
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
