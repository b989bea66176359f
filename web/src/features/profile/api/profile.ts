import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import type { User } from '@/lib/session';

export type PlaceAnswer = components['schemas']['PlaceAnswer'];

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
