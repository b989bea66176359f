import { connectLink } from '@/lib/connect-code';

/** The profile's fallbacks (spec 000 §2). */
export const LOCATION_FALLBACK = 'Location not set';
export const BIO_FALLBACK = 'Building the future, one project at a time.';

export function displayLocation(location: string | null | undefined): string {
  return location?.trim() || LOCATION_FALLBACK;
}

export function displayBio(bio: string | null | undefined): string {
  return bio?.trim() || BIO_FALLBACK;
}

export function fullName(person: { firstName: string; lastName: string; username: string }): string {
  return `${person.firstName} ${person.lastName}`.trim() || person.username;
}

/**
 * The connect link a profile shares (spec 000 §7): `{origin}/profile?connect={code}`, by the person's connect code,
 * never their id (shared/API.md "Limits and fair play"). Null while the record carries no code.
 */
export function profileLink(origin: string, connectCode: string | null | undefined): string | null {
  return connectCode ? connectLink(origin, connectCode) : null;
}
