/**
 * The account area's calls (shared/API.md "Your account"): notification settings, the password and email changed
 * while signed in, the address proved by its link, and the digest's unsubscribe link. Typed by the server's
 * OpenAPI document through src/lib/api/client.ts.
 */
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { apiKey } from '@/lib/api/query-keys';
import type { components } from '@/lib/api/schema';

export type NotificationSettings = components['schemas']['NotificationSettings'];
export type Digest = NotificationSettings['emailDigest'];

const SETTINGS = '/api/users/me/notification-settings';

/** `GET /api/users/me/notification-settings`: push per type, and the digest. */
export function notificationSettingsQuery() {
  return queryOptions({
    queryKey: apiKey(SETTINGS),
    queryFn: ({ signal }): Promise<NotificationSettings> => unwrap(api.GET(SETTINGS, { signal })),
  });
}

/** `PUT /api/users/me/notification-settings`: only what is named changes; the settings after. */
export function saveNotificationSettings(change: {
  push?: Record<string, boolean>;
  emailDigest?: Digest;
}): Promise<NotificationSettings> {
  return unwrap(api.PUT(SETTINGS, { body: { push: change.push ?? {}, emailDigest: change.emailDigest } }));
}

/** `POST /api/auth/change-password` → 204; every other device is signed out. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await unwrap(api.POST('/api/auth/change-password', { body: { currentPassword, newPassword } }));
}

/** `POST /api/auth/change-email` → 202 and the words to show: nothing changes until the mailed link is used. */
export async function changeEmail(password: string, email: string): Promise<string> {
  return (await unwrap(api.POST('/api/auth/change-email', { body: { password, email } }))).message;
}

/** `POST /api/auth/resend-verification` → 202 and the words to show. */
export async function resendVerification(): Promise<string> {
  return (await unwrap(api.POST('/api/auth/resend-verification'))).message;
}

/** `POST /api/auth/verify-email` with the link's token: the account with its address verified. */
export async function verifyEmail(token: string) {
  return (await unwrap(api.POST('/api/auth/verify-email', { body: { token } }))).user;
}

/** `POST /api/mail/unsubscribe?token=`: the digest off for the person the token names; the words to show. */
export async function unsubscribeDigest(token: string): Promise<string> {
  return (await unwrap(api.POST('/api/mail/unsubscribe', { params: { query: { token } } }))).message;
}
