/**
 * A logout the server has not confirmed yet (issue 49): the device has forgotten the person, but their session (its
 * cookie is HttpOnly, so only the server can clear it) would still open the account and keep pushing to this phone.
 * The logout is noted here (a flag, nothing secret) and sent again when the app starts and whenever the network
 * returns, until the server answers; meanwhile nobody is taken for signed in. A new sign-in drops the note.
 */
const KEY = 'grow.pendingLogout';
/** How often the logout is tried again while the app stays open (besides every time the network comes back). */
export const RETRY_EVERY_MS = 30_000;

export function hasPendingLogout(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function notePendingLogout(): void {
  try {
    localStorage.setItem(KEY, '1');
  } catch {
    // Storage refused: the logout is tried once more only while this page is open.
  }
}

export function clearPendingLogout(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}

/** The logout call: true once the server answered it (any answer below 500: a 401 means the session is gone). */
async function sendLogout(): Promise<boolean> {
  try {
    const response = await fetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin' });
    return response.status < 500;
  } catch {
    return false;
  }
}

/** Sends a noted logout again; true when none is left. */
export async function finishPendingLogout(send: () => Promise<boolean> = sendLogout): Promise<boolean> {
  if (!hasPendingLogout()) return true;
  if (!(await send())) return false;
  clearPendingLogout();
  return true;
}

/** Tries a noted logout now, each time the network returns and every half minute; the function that stops it. */
export function watchPendingLogout(): () => void {
  const attempt = () => void finishPendingLogout();
  attempt();
  window.addEventListener('online', attempt);
  const timer = window.setInterval(() => {
    if (hasPendingLogout()) attempt();
  }, RETRY_EVERY_MS);
  return () => {
    window.removeEventListener('online', attempt);
    window.clearInterval(timer);
  };
}
