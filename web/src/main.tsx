import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/index.css';
import { App } from '@/app/app';
import { registerServiceWorker } from '@/app/register-sw';
import { watchPendingLogout } from '@/lib/pending-logout';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

if (import.meta.env.PROD) registerServiceWorker();
// A logout made offline ends on the server once it can be reached.
watchPendingLogout();
