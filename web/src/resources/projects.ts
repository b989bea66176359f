import {
  hashKey,
  queryOptions,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
  useQuery,
} from '@tanstack/react-query';
import { api, errorStatus, unwrap, unwrapPage } from '@/lib/api/client';
import { pagedQuery, pageQuery } from '@/lib/api/pages';
import { apiKey, keyIsUnder } from '@/lib/api/query-keys';
import type { components } from '@/lib/api/schema';

type Project = components['schemas']['Project'];
type Connection = components['schemas']['Connection'];

/**
 * The projects resource (spec 001 §7), for every area that shows a project (projects, explore, search, chat, join):
 * one definition of each read, so every area reads the same cache entry, and one rule for what a change of a
 * project refreshes (`putProject` for an answer that is the project, `refreshProject` for a change of what it holds,
 * `projectChanged` for the frame). What a project holds (tasks, updates, feedback, team) is in ./project-parts.ts.
 */

const pathId = (id: number | string) => ({ path: { id: String(id) } });

/** The path every read of project `id` sits under: the project, its tasks, updates, feedback, team, chat. */
export function projectPath(id: number | string): string {
  return `/api/projects/${id}`;
}

/** `GET /api/projects/{id}`. */
export function projectQuery(id: number | string) {
  return queryOptions({
    queryKey: apiKey(projectPath(id)),
    queryFn: ({ signal }): Promise<Project> =>
      unwrap(api.GET('/api/projects/{id}', { params: pathId(id), signal })),
    meta: { live: true },
  });
}

/**
 * A project a dialog shows (the deck's card, a search result): at once what the list already knew (`initial`),
 * then as `GET /api/projects/{id}` answers. Explore's details and search's result read it the same way.
 */
export function useProjectShown(id: number, initial?: Project) {
  return useQuery({ ...projectQuery(id), placeholderData: initial });
}

/** `GET /api/projects?owner=me`: the caller's projects, published or not, newest first. */
export function ownedProjectsQuery() {
  return pagedQuery(apiKey('/api/projects', { owner: 'me' }), (cursor, signal) =>
    unwrapPage(
      api.GET('/api/projects', { params: { query: { owner: 'me', ...pageQuery(cursor) } }, signal }),
    ),
  );
}

/** `GET /api/projects/collaborating`: projects the caller collaborates on, newest first. */
export function collaboratingProjectsQuery() {
  return pagedQuery(apiKey('/api/projects/collaborating'), (cursor, signal) =>
    unwrapPage(api.GET('/api/projects/collaborating', { params: { query: pageQuery(cursor) }, signal })),
  );
}

/** One page of the largest size (a person rarely has more projects; the chat's list reads them in one go). */
const MEMBER_LIST_LIMIT = 200;

/** The projects I am a member of, mine (`?owner=me`) and those I collaborate on, in one list (the chat's PROJECTS). */
export function memberProjectsQuery() {
  return queryOptions({
    queryKey: apiKey('/api/projects', { owner: 'me', limit: MEMBER_LIST_LIMIT, with: 'collaborating' }),
    queryFn: async ({ signal }): Promise<Project[]> => {
      const query = { limit: MEMBER_LIST_LIMIT };
      const [mine, collaborating] = await Promise.all([
        unwrap(api.GET('/api/projects', { params: { query: { owner: 'me', ...query } }, signal })),
        unwrap(api.GET('/api/projects/collaborating', { params: { query }, signal })),
      ]);
      const seen = new Set<number>();
      return [...mine, ...collaborating].filter((project) => !seen.has(project.id) && seen.add(project.id));
    },
    meta: { live: true },
  });
}

/** `GET /api/projects/supported`, page by page: the 'projects you follow' dialog. Live through `project_changed`. */
export function supportedProjectsQuery() {
  return pagedQuery(apiKey('/api/projects/supported'), (cursor, signal) =>
    unwrapPage(api.GET('/api/projects/supported', { params: { query: pageQuery(cursor) }, signal })),
  );
}

/** The fixed message a collaboration request carries (spec 001 §7). */
export const COLLABORATION_MESSAGE = "I'd love to collaborate on this project!";

/**
 * `POST /api/projects/{id}/request-collaboration` with the fixed message: the owner is asked (400 'Collaboration
 * request already exists' when asked already). The one way every "Request to Collaborate" and COLLABORATE asks
 * (spec 001 §7 names this call for it; issue 49: search asked through `POST /api/connections` instead).
 */
export function requestCollaboration(projectId: number): Promise<Connection> {
  return unwrap(
    api.POST('/api/projects/{id}/request-collaboration', {
      params: pathId(projectId),
      body: { message: COLLABORATION_MESSAGE },
    }),
  );
}

/** The lists a project shows in (mine, with any parameters; collaborating; supported). */
const PROJECT_LISTS: readonly string[] = [
  '/api/projects',
  '/api/projects/collaborating',
  '/api/projects/supported',
];

function isProjectList(key: QueryKey): boolean {
  return typeof key[0] === 'string' && PROJECT_LISTS.includes(key[0]);
}

/** A cached list of projects: all in one answer, or read page by page (src/lib/api/pages.ts). */
type ProjectListData = Project[] | InfiniteData<{ items: Project[]; nextCursor: string | null }, unknown>;

function rowsOf(data: unknown): Project[] {
  if (Array.isArray(data)) return data as Project[];
  const pages = (data as { pages?: unknown } | null | undefined)?.pages;
  return Array.isArray(pages) ? (pages as { items?: Project[] }[]).flatMap((page) => page.items ?? []) : [];
}

function holdsProject(data: unknown, id: number): boolean {
  return rowsOf(data).some((row) => row.id === id);
}

/** The list with `project` in place of its row (same place, fields as answered); undefined when it has no row. */
function withProject(data: ProjectListData | undefined, project: Project): ProjectListData | undefined {
  if (data === undefined || !holdsProject(data, project.id)) return undefined;
  const put = (rows: Project[]) => rows.map((row) => (row.id === project.id ? { ...row, ...project } : row));
  if (Array.isArray(data)) return put(data);
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: put(page.items) })) };
}

/**
 * Puts a project as the server answered it (an owner's edit) into every cached copy: its details and its row in
 * each list of projects that holds it. No request: the answer is the project as it now is.
 */
export function putProject(queryClient: QueryClient, project: Project): void {
  queryClient.setQueryData(projectQuery(project.id).queryKey, project);
  putInLists(queryClient, project);
}

/** `project` in place of its row in each cached list of projects that holds it. */
function putInLists(queryClient: QueryClient, project: Project): void {
  queryClient.setQueriesData<ProjectListData>(
    { predicate: (query) => isProjectList(query.queryKey) },
    (data) => withProject(data, project),
  );
}

/** A read of one project beside its details (`/api/projects/{id}/<read>`, with any parameters). */
export type ProjectRead = 'tasks' | 'updates' | 'feedback' | 'collaborators';

function readsOf(id: number, reads: readonly ProjectRead[]): (key: QueryKey) => boolean {
  const paths = reads.map((read) => `${projectPath(id)}/${read}`);
  return (key) => paths.some((path) => keyIsUnder(key, path));
}

/**
 * Refresh what a change of project `id` made here changed: the named reads of it, and, with `counts`, its details
 * and the lists of projects (their cards show its counts; a list not on screen is only marked, and read when next
 * shown). Its other reads, its chat and every other project's reads stay as they are.
 */
export async function refreshProject(
  queryClient: QueryClient,
  id: number,
  reads: readonly ProjectRead[],
  { counts = false }: { counts?: boolean } = {},
): Promise<void> {
  const isRead = readsOf(id, reads);
  const detail = projectQuery(id).queryKey;
  await queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      isRead(queryKey) || (counts && (hashKey(queryKey) === hashKey(detail) || isProjectList(queryKey))),
  });
}

/** Whether anything on screen shows project `id`: its details, or a list holding its row. */
function isShown(queryClient: QueryClient, id: number): boolean {
  const detail = hashKey(projectQuery(id).queryKey);
  return queryClient
    .getQueryCache()
    .getAll()
    .some(
      (query) =>
        query.isActive() &&
        (query.queryHash === detail || (isProjectList(query.queryKey) && holdsProject(query.state.data, id))),
    );
}

/**
 * A `project_changed` frame (its details, tasks, updates, feedback or team changed, here or elsewhere, or it was
 * deleted): at most one request, `GET /api/projects/{id}`, and only when something on screen shows the project;
 * its answer goes into every cached copy (its details, its row in each list). Its other reads are marked and read
 * again when next shown, except its tasks or team when the counts answered moved (a task added or completed, a
 * member in or out), which are read now if on screen. Its chat is never read for it (the chat frames carry each
 * message), nor another project's reads, nor the lists (issue 49: one frame read the whole subtree and every list).
 */
export async function projectChanged(queryClient: QueryClient, id: number): Promise<void> {
  const detail = projectQuery(id).queryKey;
  const holds = ({ queryKey, state }: { queryKey: QueryKey; state: { data: unknown } }) =>
    isProjectList(queryKey) && holdsProject(state.data, id);
  const before = queryClient.getQueryData<Project>(detail);
  // Marked first: a read that is cancelled on its way (its screen left, a newer read begun) puts back the state it
  // began from, which must then still say that the project is to be read again when next shown.
  await queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      hashKey(queryKey) === hashKey(detail) ||
      readsOf(id, ['tasks', 'updates', 'feedback', 'collaborators'])(queryKey),
    refetchType: 'none',
  });
  if (!isShown(queryClient, id)) {
    void queryClient.invalidateQueries({ predicate: holds, refetchType: 'none' });
    return;
  }

  try {
    await queryClient.fetchQuery({ ...projectQuery(id), staleTime: 0 });
  } catch (error) {
    // Deleted, or no longer theirs to see: the lists that show it are read again (the details say so already).
    const status = errorStatus(error);
    if (status === 404 || status === 403) await queryClient.invalidateQueries({ predicate: holds });
    return;
  }
  // What the read answered, unless it was cancelled (a cancelled read resolves with the data it began from).
  const state = queryClient.getQueryState<Project>(detail);
  const project = state?.data;
  if (state?.status !== 'success' || state.isInvalidated || project === undefined) return;
  putInLists(queryClient, project);
  if (!before) return;
  const moved: ProjectRead[] = [];
  if (before.taskCount !== project.taskCount || before.completedTaskCount !== project.completedTaskCount)
    moved.push('tasks');
  if (before.collaboratorCount !== project.collaboratorCount) moved.push('collaborators');
  if (moved.length > 0) await refreshProject(queryClient, id, moved);
}
