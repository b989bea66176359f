import { Router } from 'wouter';
import { OfflineBanner } from '@/app/offline-banner';
import { AppProviders } from '@/app/providers';
import { AppRoutes } from '@/app/routes';

/** The whole app: providers + the browser-location router, under the offline bar (shown only while offline). */
export function App() {
  return (
    <AppProviders>
      <OfflineBanner />
      <Router>
        <AppRoutes />
      </Router>
    </AppProviders>
  );
}
