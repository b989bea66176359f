// First: starts fetching the first screen's code (see boot.ts; index.html usually ran it already).
import '@/app/boot';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/index.css';
import { App } from '@/app/app';
import { registerServiceWorker } from '@/app/register-sw';
import { hasSessionHint } from '@/lib/last-user';
import { watchPendingLogout } from '@/lib/pending-logout';
import { queryClient } from '@/lib/query-client';
import { currentUserQuery } from '@/lib/session';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// Who is signed in is asked at once, alongside the first screen's code (boot.ts), before React renders: the routes
// would ask for the one after the other.
if (hasSessionHint()) void queryClient.prefetchQuery(currentUserQuery());

// index.html already shows the loading screen: the first render is rendered as a transition, in slices that leave
// the main thread free for the page (a slow phone otherwise spent one long task on it right after the scripts ran).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

if (import.meta.env.PROD) registerServiceWorker();
// A logout made offline ends on the server once it can be reached.
watchPendingLogout();
