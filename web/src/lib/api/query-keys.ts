import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Query keys are API paths (spec 000 §7: the default reader GETs the first element of its key), followed by the
 * query parameters when there are any: `['/api/projects', { owner: 'me' }]`. Path parameters are filled in
 * (`/api/projects/12/messages`), so one string names one resource. Declare them once per feature, in its
 * `queryOptions` factories, through `apiKey`.
 */
export type ApiKey =
  readonly [path: string] | readonly [path: string, query: Readonly<Record<string, unknown>>];

/** The key of a GET of `path` with these query parameters (none, or an empty object, gives `[path]`). */
export function apiKey(path: string, query?: Readonly<Record<string, unknown>>): ApiKey {
  const params = Object.fromEntries(Object.entries(query ?? {}).filter(([, value]) => value !== undefined));
  return Object.keys(params).length > 0 ? [path, params] : [path];
}

/**
 * True when `key` reads `path` or anything under it: `/api/projects` covers `['/api/projects']`,
 * `['/api/projects', { owner: 'me' }]` and `['/api/projects/12/messages']`, but not `/api/projects-archive`.
 */
export function keyIsUnder(key: QueryKey, path: string): boolean {
  const first = key[0];
  if (typeof first !== 'string') return false;
  const prefix = path.endsWith('/') ? path.slice(0, -1) : path;
  return first === prefix || first.startsWith(`${prefix}/`);
}

/** Refresh every query that reads `path` or a path under it, whatever its parameters (see `keyIsUnder`). */
export function invalidatePath(queryClient: QueryClient, path: string): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => keyIsUnder(query.queryKey, path) });
}
