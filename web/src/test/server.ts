import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { dismissToast } from '@/lib/toast';

/** One MSW server for a test file. Add handlers per test with `server.use(http.get(...))`. */
export const server = setupServer();

/** Call once at the top of a test file: unhandled requests fail the test (no hand mocks of fetch). */
export function setupMswServer(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    dismissToast();
  });
  afterAll(() => server.close());
}
