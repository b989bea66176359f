import { preloadFirstScreen } from '@/app/screen-loaders';
import { hasSessionHint } from '@/lib/last-user';

// An entry of its own (vite.config.ts), which index.html loads as an async module script ahead of the main entry:
// the first screen's chunks start downloading as soon as this small script arrives, alongside the main entry
// (React and the app, ~110 KB gzip) rather than after it has downloaded and run. main.tsx imports it too (the same
// module, run once), so nothing depends on which of the two scripts arrives first.
preloadFirstScreen(window.location.pathname, hasSessionHint());
