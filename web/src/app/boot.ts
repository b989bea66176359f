import { preloadFirstScreen } from '@/app/screen-loaders';
import { hasSessionHint } from '@/lib/last-user';

// Imported first by main.tsx, so that it runs before the rest of the entry script (React's own start among it):
// the first screen's chunks start downloading while the main thread is still busy evaluating the app, not after.
preloadFirstScreen(window.location.pathname, hasSessionHint());
