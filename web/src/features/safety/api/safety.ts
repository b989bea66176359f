/**
 * The safety area's calls (shared/API.md "Safety", "Your data") as query-option factories and request functions.
 * The server's OpenAPI document does not list them yet, so they go through the untyped request of
 * src/lib/api/client.ts, typed by ./types.ts; once the schema lands they become `api.GET(...)` calls.
 */
import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import { callUntyped, linkParam, requestUntyped, unwrapPage } from '@/lib/api/client';
import { apiKey } from '@/lib/api/query-keys';
import { filenameFrom } from '../lib/download';
import type { AdminReport, BlockedUser, Report } from './types';

export type ReportTargetType = Report['targetType'];
export type ResolveAction = 'dismiss' | 'remove' | 'suspend';

// ---- Blocking ----

/** `GET /api/users/blocked`: the people I blocked, most recent first. */
export function blockedQuery() {
  return queryOptions({
    queryKey: apiKey('/api/users/blocked'),
    queryFn: async ({ signal }) =>
      (await requestUntyped('GET', '/api/users/blocked', { signal })) as BlockedUser[],
  });
}

/** `POST /api/users/{id}/block` (204, idempotent). */
export async function blockUser(id: number): Promise<void> {
  await requestUntyped('POST', `/api/users/${id}/block`);
}

/** `DELETE /api/users/{id}/block` (204, idempotent). */
export async function unblockUser(id: number): Promise<void> {
  await requestUntyped('DELETE', `/api/users/${id}/block`);
}

// ---- Reports ----

export interface NewReport {
  targetType: ReportTargetType;
  targetId: number;
  /** 1-1000 characters. */
  reason: string;
}

/** `POST /api/reports` → 201 (429 when too many). */
export async function sendReport(report: NewReport): Promise<Report> {
  return (await requestUntyped('POST', '/api/reports', { body: report })) as Report;
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
      const { data, next } = await unwrapPage(callUntyped('GET', '/api/admin/reports', { query, signal }));
      return { items: data as AdminReport[], nextCursor: next ? linkParam(next, 'cursor') : null };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** `POST /api/admin/reports/{id}/resolve` → the report, resolved. */
export async function resolveReport(id: number, action: ResolveAction): Promise<AdminReport> {
  return (await requestUntyped('POST', `/api/admin/reports/${id}/resolve`, {
    body: { action },
  })) as AdminReport;
}

// ---- Your data ----

/** A downloaded file: its bytes and the name the server gave it. */
export interface Download {
  blob: Blob;
  filename: string;
}

/** `GET /api/account/export`: everything my account holds, as one JSON file. */
export async function exportAccount(): Promise<Download> {
  const { data, response } = await callUntyped('GET', '/api/account/export', { parseAs: 'blob' });
  return {
    blob: data instanceof Blob ? data : new Blob([], { type: 'application/json' }),
    filename: filenameFrom(response.headers.get('Content-Disposition')) ?? 'grow-export.json',
  };
}

/** `DELETE /api/account {password}` → 204 (400 without a password, 401 when it is wrong). */
export async function deleteAccount(password: string): Promise<void> {
  await requestUntyped('DELETE', '/api/account', { body: { password } });
}
