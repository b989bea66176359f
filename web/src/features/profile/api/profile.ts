import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import type { User } from '@/lib/session';

export type UpdateProfileRequest = components['schemas']['UpdateProfileRequest'];
export type PlaceAnswer = components['schemas']['PlaceAnswer'];

/** `PATCH /api/users/profile` (spec 000 §7): location, bio and skills, or role only. Answers my record. */
export function updateProfile(body: UpdateProfileRequest): Promise<User> {
  return unwrap(api.PATCH('/api/users/profile', { body }));
}

/** `POST /api/users/profile-image`: the photo as a data URL (PNG, JPEG or WebP, judged by content). */
export function uploadProfileImage(imageUrl: string): Promise<User> {
  return unwrap(api.POST('/api/users/profile-image', { body: { imageUrl } }));
}

/**
 * `POST /api/users/me/connect-code`: a new connect code for my link and QR code; links and codes with the old one
 * stop working (shared/API.md "Limits and fair play").
 */
export function newConnectCode(): Promise<{ connectCode: string }> {
  return unwrap(api.POST('/api/users/me/connect-code'));
}

/** `GET /api/geo/reverse?lat=&lng=`: the nearest city and the country, answered offline by the server. */
export function reverseGeocode(lat: number, lng: number, signal?: AbortSignal): Promise<PlaceAnswer> {
  return unwrap(
    api.GET('/api/geo/reverse', { params: { query: { lat: String(lat), lng: String(lng) } }, signal }),
  );
}

/**
 * `POST /api/connections/scan {code}` after an iOS share sheet sent my profile link (spec 001 §7). The link is my
 * own, so the server normally answers that nobody new is connected; the call is made as the spec names it, and its
 * answer only ever adds a "connected" notice, never an error over a share that worked.
 */
export async function scanAfterShare(code: string): Promise<components['schemas']['ScanResponse'] | null> {
  const { data } = await api.POST('/api/connections/scan', { body: { code } });
  return data ?? null;
}
