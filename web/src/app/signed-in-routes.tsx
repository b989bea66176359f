import { Suspense, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { Skeleton } from '@/components/ui/skeleton';
import { lazyChunk } from '@/lib/lazy-chunk';
import type { User } from '@/lib/session';
import { OutboxSender } from '@/features/chat/outbox-sender';
import { SafetyProvider } from '@/features/safety/safety-provider';
import { DailyLoginBonus } from '@/app/daily-login-bonus';
import { LiveChannel } from '@/app/live-channel';
import { RouteBoundary } from '@/app/route-boundary';
import {
  loadCreate,
  loadExplore,
  loadIdeate,
  loadProfile,
  loadRewards,
  loadSearch,
  loadSettings,
} from '@/app/screen-loaders';
import { SessionRefresh } from '@/app/session-refresh';
import { AppShell } from '@/app/shell/app-shell';

// One lazy chunk per screen.
const DesignSystemScreen = lazyChunk(() => import('@/features/design-system/design-system-screen'));
const NotFoundScreen = lazyChunk(() => import('@/app/screens/not-found-screen'));
const ExploreScreen = lazyChunk(loadExplore);
const SearchScreen = lazyChunk(loadSearch);
const CreateScreen = lazyChunk(loadCreate);
// Investors' /create is their Investment Portfolio (spec 001 §2.3, §2.6), from the investing area.
const InvestScreen = lazyChunk(() => import('@/app/screens/invest-route'));
const RewardsScreen = lazyChunk(loadRewards);
const IdeateScreen = lazyChunk(loadIdeate);
const ProfileScreen = lazyChunk(loadProfile);
const JoinScreen = lazyChunk(() => import('@/features/join/join-screen'));
const AdminScreen = lazyChunk(() => import('@/features/safety/admin-screen'));
const SettingsScreen = lazyChunk(loadSettings);
const VerifyEmailScreen = lazyChunk(() => import('@/features/account/verify-email-screen'));
const UnsubscribeScreen = lazyChunk(() => import('@/features/account/unsubscribe-screen'));

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

/**
 * The signed-in app: the shell, what runs beside it for the signed-in person (live channel, session poll, daily
 * bonus, outbox) and the signed-in route table. A chunk of its own (src/app/routes.tsx loads it): the sign-in page
 * does not download it, and a signed-in visit fetches it while it asks who is signed in.
 */
export default function SignedInRoutes({ user }: { user: User }) {
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
