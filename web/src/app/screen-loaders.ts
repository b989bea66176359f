// The lazy chunks a visit can open on. main.tsx starts fetching the first screen's (and, signed in, the signed-in
// app's) at once (preloadFirstScreen); the routes load the same modules when they render.
export const loadSignedInApp = () => import('@/app/signed-in-routes');
export const loadAuth = () => import('@/features/auth/screens/auth-screen');
export const loadExplore = () => import('@/features/explore/explore-screen');
export const loadSearch = () => import('@/features/search/search-screen');
export const loadCreate = () => import('@/features/projects/projects-screen');
export const loadRewards = () => import('@/features/rewards/rewards-screen');
export const loadIdeate = () => import('@/features/chat/ideate-screen');
export const loadProfile = () => import('@/app/screens/profile-route');
export const loadSettings = () => import('@/app/screens/settings-route');

const FIRST_SCREENS_SIGNED_IN: Record<string, () => Promise<unknown>> = {
  '/': loadExplore,
  '/explore': loadExplore,
  '/search': loadSearch,
  '/create': loadCreate,
  '/rewards': loadRewards,
  '/ideate': loadIdeate,
  '/profile': loadProfile,
  '/settings': loadSettings,
};
const FIRST_SCREENS_SIGNED_OUT: Record<string, () => Promise<unknown>> = {
  '/': loadAuth,
  '/profile': loadAuth,
};

/**
 * Starts fetching the code of the screen the page opens on as the app starts: otherwise it is asked for only once
 * the current user has answered and the routes render, one more round trip before anything of the screen shows (on
 * a phone's network, the largest part of the first screen's wait). `signedIn` is the session hint's guess; a wrong
 * guess costs chunks fetched for nothing. A failure is left to the screen's own load (and its error boundary).
 */
export function preloadFirstScreen(path: string, signedIn: boolean): void {
  const loads = signedIn
    ? [loadSignedInApp, FIRST_SCREENS_SIGNED_IN[path]]
    : [FIRST_SCREENS_SIGNED_OUT[path]];
  for (const load of loads) load?.().catch(() => undefined);
}
