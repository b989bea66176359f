// What every journey imports in place of '@playwright/test': the same API, with `baseURL` naming the server of the
// worker the journey runs on (./servers.ts). Contexts made with `browser.newContext()` and `request` take it too.
import { test as base } from '@playwright/test';
import { server } from './servers';

export * from '@playwright/test';

export const test = base.extend({
  // Playwright reads a fixture's dependencies from its first parameter, which must be an object pattern.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use, testInfo) => {
    await use(server(testInfo.parallelIndex).url);
  },
});
