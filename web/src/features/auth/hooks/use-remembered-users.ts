import { useCallback, useState } from 'react';
import { forgetUser, loadRememberedUsers, rememberUser, type RememberedUser } from '@/lib/remembered-users';

/** The saved accounts, loaded (and cleaned) once at page start, kept in step with localStorage. */
export function useRememberedUsers() {
  const [users, setUsers] = useState<RememberedUser[]>(() => loadRememberedUsers());
  const remember = useCallback((entry: RememberedUser) => setUsers(rememberUser(entry)), []);
  const forget = useCallback((username: string) => setUsers(forgetUser(username)), []);
  return { users, remember, forget };
}
