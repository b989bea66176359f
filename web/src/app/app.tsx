import { Router } from 'wouter';
import { OfflineBanner } from '@/app/offline-banner';
import { AppProviders } from '@/app/providers';
import { RootBoundary } from '@/app/root-boundary';
import { AppRoutes } from '@/app/routes';

/**
 * The whole app: providers + the browser-location router, under the offline bar (shown only while offline), all of
 * it inside the root error boundary: never a blank page.
 */
export function App() {
  return (
    <AppProviders>
      <OfflineBanner />
      <Router>
        <RootBoundary>
          <AppRoutes />
        </RootBoundary>
      </Router>
    </AppProviders>
  );
}
