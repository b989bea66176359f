import { QueryClientProvider, QueryObserver, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFrameRouter } from '@/lib/live';
import { projectQuery } from '@/resources/projects';
import { createQueryClient } from '@/lib/query-client';
import { http } from '@/test/http';
import { server, setupMswServer } from '@/test/server';
import type { Project } from './api/types';
import { useEditProject, useEditTask } from './hooks/use-project-actions';
import { projectsLive } from './live';
import { makeProject, makeTask } from './test-data';

setupMswServer();

const pages = <T,>(items: T[]) => ({ pages: [{ items, nextCursor: null }], pageParams: [null] });
const MINE = ['/api/projects', { owner: 'me' }] as const;
const CHAT_PROJECTS = ['/api/projects', { owner: 'me', limit: 200, with: 'collaborating' }] as const;

/** A cache as the app holds it after opening two projects (12 and 99), 12's chat, and the lists of mine. */
function cacheWithTwoProjects() {
  const queryClient = createQueryClient();
  const at = Date.now();
  for (const [key, data] of [
    [['/api/projects/12'], makeProject({ id: 12 })],
    [['/api/projects/12/tasks'], pages([makeTask()])],
    [['/api/projects/12/updates'], pages([])],
    [['/api/projects/12/messages'], pages([])],
    [['/api/projects/99'], makeProject({ id: 99, title: 'Wind Kite' })],
    [['/api/projects/99/tasks'], pages([])],
    [['/api/projects/99/messages'], pages([])],
    [MINE, pages([makeProject({ id: 99, title: 'Wind Kite' }), makeProject({ id: 12 })])],
    [CHAT_PROJECTS, [makeProject({ id: 12 })]],
  ] as const) {
    queryClient.setQueryData(key, data, { updatedAt: at });
  }
  const invalidated = (key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated;
  return { queryClient, invalidated };
}

/** Every request the app makes, as `METHOD path`. */
function countRequests(): string[] {
  const seen: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    seen.push(`${request.method} ${new URL(request.url).pathname}`);
  };
  server.events.on('request:start', listener);
  stops.push(() => server.events.removeListener('request:start', listener));
  return seen;
}

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

/** `key` is on screen (a component uses it), as the manage view uses the project's details and its tasks. */
function onScreen(queryClient: QueryClient, queryKey: QueryKey): void {
  const observer = new QueryObserver(queryClient, { queryKey });
  stops.push(observer.subscribe(() => undefined));
}

const rowsOf = (queryClient: QueryClient, key: QueryKey) => {
  const data = queryClient.getQueryData<{ pages: { items: Project[] }[] } | Project[]>(key);
  return Array.isArray(data) ? data : (data?.pages.flatMap((page) => page.items) ?? []);
};

function wrapperOf(queryClient: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
}

describe('what a change of one project refreshes', () => {
  it("a task edit refreshes that project's tasks, and no other project's reads or the lists", async () => {
    const { queryClient, invalidated } = cacheWithTwoProjects();
    server.use(
      http.patch('/api/tasks/30', () => HttpResponse.json({ ...makeTask(), title: 'Design the lid, again' })),
    );
    const { result } = renderHook(() => useEditTask(), { wrapper: wrapperOf(queryClient) });
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
    expect(invalidated(MINE)).toBe(false);
  });

  it('an edit puts the answer in place (the details and every list row) and reads nothing again', async () => {
    const { queryClient, invalidated } = cacheWithTwoProjects();
    onScreen(queryClient, ['/api/projects/12']);
    onScreen(queryClient, ['/api/projects/12/tasks']);
    onScreen(queryClient, ['/api/projects/12/updates']);
    const edited = makeProject({ id: 12, title: 'Solar Kettle Mk II', updatedAt: '2025-03-02T10:00:00Z' });
    server.use(http.patch('/api/projects/12', () => HttpResponse.json(edited)));
    const requests = countRequests();

    const { result } = renderHook(() => useEditProject(12), { wrapper: wrapperOf(queryClient) });
    act(() =>
      result.current.mutate({
        changes: { title: 'Solar Kettle Mk II' },
        success: { title: 'Project updated' },
      }),
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));

    expect(requests).toEqual(['PATCH /api/projects/12']);
    expect(queryClient.getQueryData<Project>(['/api/projects/12'])?.title).toBe('Solar Kettle Mk II');
    expect(rowsOf(queryClient, MINE).map((row) => row.title)).toEqual(['Wind Kite', 'Solar Kettle Mk II']);
    expect(rowsOf(queryClient, CHAT_PROJECTS).map((row) => row.title)).toEqual(['Solar Kettle Mk II']);
    for (const key of [['/api/projects/12'], ['/api/projects/12/tasks'], ['/api/projects/12/messages'], MINE])
      expect(invalidated(key)).toBe(false);
  });
});

describe('the project_changed frame', () => {
  const frame = (queryClient: QueryClient, projectId: number) =>
    createFrameRouter([projectsLive])({ type: 'project_changed', projectId }, { queryClient });

  it('reads the project it names once when it is on screen, puts it in every list, and reads nothing else', async () => {
    const { queryClient, invalidated } = cacheWithTwoProjects();
    onScreen(queryClient, ['/api/projects/12']);
    onScreen(queryClient, ['/api/projects/12/tasks']);
    onScreen(queryClient, ['/api/projects/12/messages']);
    onScreen(queryClient, MINE);
    server.use(
      http.get('/api/projects/12', () =>
        HttpResponse.json(makeProject({ id: 12, title: 'Renamed elsewhere' })),
      ),
    );
    const requests = countRequests();

    frame(queryClient, 12);
    await waitFor(() => expect(rowsOf(queryClient, MINE)[1]?.title).toBe('Renamed elsewhere'));

    expect(requests).toEqual(['GET /api/projects/12']);
    expect(queryClient.getQueryData<Project>(['/api/projects/12'])?.title).toBe('Renamed elsewhere');
    expect(rowsOf(queryClient, CHAT_PROJECTS)[0]?.title).toBe('Renamed elsewhere');
    // What else it holds is read when next shown; its chat, the lists and the other project are left alone.
    expect(invalidated(['/api/projects/12/tasks'])).toBe(true);
    expect(invalidated(['/api/projects/12/messages'])).toBe(false);
    expect(invalidated(MINE)).toBe(false);
    expect(invalidated(['/api/projects/99'])).toBe(false);
    expect(invalidated(['/api/projects/99/tasks'])).toBe(false);
  });

  it('reads its tasks too when the counts answered moved (a task added or completed elsewhere)', async () => {
    const { queryClient } = cacheWithTwoProjects();
    onScreen(queryClient, ['/api/projects/12']);
    onScreen(queryClient, ['/api/projects/12/tasks']);
    server.use(
      http.get('/api/projects/12', () => HttpResponse.json(makeProject({ id: 12, taskCount: 2 }))),
      http.get('/api/projects/12/tasks', () => HttpResponse.json([makeTask(), makeTask({ id: 31 })])),
    );
    const requests = countRequests();

    frame(queryClient, 12);
    await waitFor(() => expect(requests).toEqual(['GET /api/projects/12', 'GET /api/projects/12/tasks']));
  });

  it('reads nothing when nothing on screen shows the project: its details are read when next shown', async () => {
    const { queryClient, invalidated } = cacheWithTwoProjects();
    onScreen(queryClient, ['/api/projects/99']);
    const requests = countRequests();

    frame(queryClient, 12);
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(requests).toEqual([]);
    expect(invalidated(['/api/projects/12'])).toBe(true);
    expect(invalidated(['/api/projects/99'])).toBe(false);
  });

  it('a read whose screen was left before its answer leaves the project to be read when next shown', async () => {
    const { queryClient, invalidated } = cacheWithTwoProjects();
    const observer = new QueryObserver(queryClient, { queryKey: ['/api/projects/12'] });
    const leave = observer.subscribe(() => undefined);
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/projects/12', async () => {
        await answered;
        return HttpResponse.json(makeProject({ id: 12, myRole: 'collaborator' }));
      }),
    );

    frame(queryClient, 12);
    await waitFor(() =>
      expect(queryClient.getQueryState(['/api/projects/12'])?.fetchStatus).toBe('fetching'),
    );
    // The join screen gives way to the project's own (a read cancelled on its way puts back what it began from).
    leave();
    answer();
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(queryClient.getQueryData<Project>(['/api/projects/12'])?.myRole).toBe('owner');
    expect(invalidated(['/api/projects/12'])).toBe(true);
  });

  it('reads the lists that show a project again once it is gone', async () => {
    const { queryClient, invalidated } = cacheWithTwoProjects();
    onScreen(queryClient, ['/api/projects/12']);
    server.use(
      http.get('/api/projects/12', () =>
        HttpResponse.json({ message: 'Project not found' }, { status: 404 }),
      ),
    );

    frame(queryClient, 12);
    await waitFor(() => expect(invalidated(MINE)).toBe(true));
    expect(queryClient.getQueryState(projectQuery(12).queryKey)?.status).toBe('error');
  });
});
