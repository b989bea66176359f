import { useCallback, useState } from 'react';
import { forgetUser, loadRememberedUsers, rememberUser, type RememberedUser } from '@/lib/remembered-users';
import { forgetRemembered } from '../api/forget-remembered';

/** The saved accounts, loaded (and cleaned) once at page start, kept in step with localStorage. */
export function useRememberedUsers() {
  const [users, setUsers] = useState<RememberedUser[]>(() => loadRememberedUsers());
  const remember = useCallback((entry: RememberedUser) => setUsers(rememberUser(entry)), []);
  const forget = useCallback((username: string) => setUsers(forgetUser(username)), []);
  return { users, remember, forget };
}

/** Revokes a saved account's remember token on the server; a failure is only logged (it is forgotten here anyway). */
export function revokeRememberedLogin(entry: RememberedUser): void {
  if (!entry.username || !entry.rememberToken) return;
  forgetRemembered({ username: entry.username, rememberToken: entry.rememberToken }).catch((error: unknown) =>
    console.error('Could not revoke the saved login', error),
  );
}
