import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';

export interface RenderOptions {
  /** Start path, e.g. '/profile?connect=3'. */
  path?: string;
  queryClient?: QueryClient;
}

/**
 * Render inside the app's providers (a fresh QueryClient with the spec defaults, an in-memory router, the Toaster).
 * Returns the client and the router's history so tests can assert navigation.
 */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', queryClient = createQueryClient() }: RenderOptions = {},
): RenderResult & { queryClient: QueryClient; location: () => string; history: () => string[] } {
  const memory = memoryLocation({ path, record: true });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        {ui}
        <Toaster />
      </Router>
    </QueryClientProvider>,
  );
  return {
    ...result,
    queryClient,
    location: () => memory.history[memory.history.length - 1] ?? path,
    /** Every address visited, oldest first (a replace navigation overwrites the last one). */
    history: () => [...memory.history],
  };
}
