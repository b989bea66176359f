import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createFrameRouter } from '@/lib/live';
import { createQueryClient } from '@/lib/query-client';
import { http } from '@/test/http';
import { server, setupMswServer } from '@/test/server';
import { useEditTask } from './hooks/use-project-actions';
import { projectsLive } from './live';
import { makeProject, makeTask } from './test-data';

setupMswServer();

/** A cache as the app holds it after opening two projects (12 and 99) and the list of mine. */
function cacheWithTwoProjects() {
  const queryClient = createQueryClient();
  const at = Date.now();
  for (const [key, data] of [
    [['/api/projects/12'], makeProject({ id: 12 })],
    [['/api/projects/12/tasks'], { pages: [{ items: [makeTask()], nextCursor: null }], pageParams: [null] }],
    [['/api/projects/99'], makeProject({ id: 99, title: 'Wind Kite' })],
    [['/api/projects/99/tasks'], { pages: [{ items: [], nextCursor: null }], pageParams: [null] }],
    [['/api/projects/99/messages'], { pages: [{ items: [], nextCursor: null }], pageParams: [null] }],
    [['/api/projects', { owner: 'me' }], { pages: [{ items: [], nextCursor: null }], pageParams: [null] }],
  ] as const) {
    queryClient.setQueryData(key, data, { updatedAt: at });
  }
  const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
  return { queryClient, invalidated };
}

describe('what a change of one project refreshes', () => {
  it("a task edit refreshes that project's tasks, and no other project's reads or the lists", async () => {
    const { queryClient, invalidated } = cacheWithTwoProjects();
    server.use(
      http.patch('/api/tasks/30', () => HttpResponse.json({ ...makeTask(), title: 'Design the lid, again' })),
    );
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useEditTask(), { wrapper });
    act(() =>
      result.current.mutate({
        taskId: 30,
        input: { title: 'Design the lid, again', description: '', attachments: [], files: [] },
      }),
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));

    expect(invalidated(['/api/projects/12/tasks'])).toBe(true);
    expect(invalidated(['/api/projects/99'])).toBe(false);
    expect(invalidated(['/api/projects/99/tasks'])).toBe(false);
    expect(invalidated(['/api/projects/99/messages'])).toBe(false);
    expect(invalidated(['/api/projects', { owner: 'me' }])).toBe(false);
  });

  it('project_changed refreshes the project it names and the lists, never another project', () => {
    const { queryClient, invalidated } = cacheWithTwoProjects();
    createFrameRouter([projectsLive])({ type: 'project_changed', projectId: 12 }, { queryClient });

    expect(invalidated(['/api/projects/12'])).toBe(true);
    expect(invalidated(['/api/projects/12/tasks'])).toBe(true);
    expect(invalidated(['/api/projects', { owner: 'me' }])).toBe(true);
    expect(invalidated(['/api/projects/99'])).toBe(false);
    expect(invalidated(['/api/projects/99/tasks'])).toBe(false);
    expect(invalidated(['/api/projects/99/messages'])).toBe(false);
  });
});
