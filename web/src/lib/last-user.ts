// What this browser remembers about its signed-in person between visits, and nothing secret:
// - the server's `grow_signed_in` hint cookie (set beside the HttpOnly session cookie, cleared at logout) says a
//   session was set, so a signed-out visit never asks who is signed in just to be told 401;
// - a copy of the person's own record without email or connect code, so a reload with no network shows the app
//   as they last saw it instead of an error. It is removed the moment nobody is signed in.
import type { components } from '@/lib/api/schema';

type User = components['schemas']['User'];

const HINT = 'grow_signed_in';
const KEY = 'grow.lastUser';

/** A session cookie was set in this browser and not cleared since. */
export function hasSessionHint(): boolean {
  return document.cookie.split(';').some((pair) => pair.trim().startsWith(`${HINT}=`));
}

/** The session is over (a 401): the hint goes, so the next visit does not ask again. */
export function dropSessionHint(): void {
  document.cookie = `${HINT}=; Path=/; Max-Age=0; SameSite=Lax`;
}

/** The person last signed in here, as far as it is kept (no email, no connect code); null when none. */
export function lastUser(): User | null {
  try {
    const kept = localStorage.getItem(KEY);
    return kept ? (JSON.parse(kept) as User) : null;
  } catch {
    return null;
  }
}

/** A position no finer than about 1 km (two decimals), as the server shares anyone's: the device keeps no more. */
function coarse(degrees: number | null | undefined): number | null | undefined {
  return typeof degrees === 'number' ? Math.round(degrees * 100) / 100 : degrees;
}

/** Keeps (or, with null, forgets) the signed-in person's record for an offline reload. */
export function keepLastUser(user: User | null): void {
  try {
    if (user)
      localStorage.setItem(
        KEY,
        JSON.stringify({
          ...user,
          lat: coarse(user.lat),
          lng: coarse(user.lng),
          email: null,
          connectCode: null,
        }),
      );
    else localStorage.removeItem(KEY);
  } catch {
    // Storage full or refused (private mode): an offline reload then shows the retryable error instead.
  }
}
