/**
 * The safety area's calls (shared/API.md "Safety", "Your data") as query-option factories and request functions,
 * typed by the server's OpenAPI document through the client of src/lib/api/client.ts.
 */
import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import { api, linkParam, unwrap, unwrapPage } from '@/lib/api/client';
import { apiKey } from '@/lib/api/query-keys';
import type { components } from '@/lib/api/schema';
import { filenameFrom } from '../lib/download';
import type { AdminReport, BlockedUser, Report } from './types';

export type ReportTargetType = Report['targetType'];
export type ResolveAction = components['schemas']['ResolveReport']['action'];

const pathId = (id: number) => ({ path: { id: String(id) } });

// ---- Blocking ----

/** `GET /api/users/blocked`: the people I blocked, most recent first. */
export function blockedQuery() {
  return queryOptions({
    queryKey: apiKey('/api/users/blocked'),
    queryFn: ({ signal }): Promise<BlockedUser[]> => unwrap(api.GET('/api/users/blocked', { signal })),
  });
}

/** `POST /api/users/{id}/block` (204, idempotent). */
export async function blockUser(id: number): Promise<void> {
  await unwrap(api.POST('/api/users/{id}/block', { params: pathId(id) }));
}

/** `DELETE /api/users/{id}/block` (204, idempotent). */
export async function unblockUser(id: number): Promise<void> {
  await unwrap(api.DELETE('/api/users/{id}/block', { params: pathId(id) }));
}

// ---- Reports ----

/** What a report says: its target and a reason of 1-1000 characters. */
export type NewReport = components['schemas']['NewReport'];

/** `POST /api/reports` → 201 (429 when too many). */
export function sendReport(report: NewReport): Promise<Report> {
  return unwrap(api.POST('/api/reports', { body: report }));
}

// ---- Moderation ----

/** How many reports the admin screen loads at a time ("Load more" follows the Link header). */
export const REPORTS_PAGE_SIZE = 20;

export interface ReportsPage {
  items: AdminReport[];
  nextCursor: string | null;
}
export type ReportsData = InfiniteData<ReportsPage, string | null>;

/** `GET /api/admin/reports`, page by page: the open reports, newest first (administrators only). */
export function adminReportsQuery() {
  return infiniteQueryOptions({
    queryKey: apiKey('/api/admin/reports'),
    queryFn: async ({ pageParam, signal }): Promise<ReportsPage> => {
      const query = { limit: REPORTS_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) };
      const { data, next } = await unwrapPage(api.GET('/api/admin/reports', { params: { query }, signal }));
      return { items: data, nextCursor: next ? linkParam(next, 'cursor') : null };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** `POST /api/admin/reports/{id}/resolve` → the report, resolved. */
export function resolveReport(id: number, action: ResolveAction): Promise<AdminReport> {
  return unwrap(api.POST('/api/admin/reports/{id}/resolve', { params: pathId(id), body: { action } }));
}

// ---- Your data ----

/** A downloaded file: its bytes and the name the server gave it. */
export interface Download {
  blob: Blob;
  filename: string;
}

/** `GET /api/account/export`: everything my account holds, as one JSON file. */
export async function exportAccount(): Promise<Download> {
  const { data, response } = await api.GET('/api/account/export', { parseAs: 'blob' });
  return {
    blob: data instanceof Blob ? data : new Blob([], { type: 'application/json' }),
    filename: filenameFrom(response.headers.get('Content-Disposition')) ?? 'grow-export.json',
  };
}

/** `DELETE /api/account {password}` → 204 (400 without a password, 401 when it is wrong). */
export async function deleteAccount(password: string): Promise<void> {
  await unwrap(api.DELETE('/api/account', { body: { password } }));
}
