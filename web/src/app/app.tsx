import { Router } from 'wouter';
import { AppProviders } from '@/app/providers';
import { AppRoutes } from '@/app/routes';

/** The whole app: providers + the browser-location router. */
export function App() {
  return (
    <AppProviders>
      <Router>
        <AppRoutes />
      </Router>
    </AppProviders>
  );
}
