import { useCallback, useState } from 'react';
import { addRecent, loadRecent, saveRecent } from '../lib/recent-searches';

/** This account's recent searches on this device, newest first, with add and clear. */
export function useRecentSearches(userId: number) {
  const [state, setState] = useState(() => ({ userId, list: loadRecent(userId) }));
  const list = state.userId === userId ? state.list : loadRecent(userId);

  const add = useCallback(
    (query: string) => {
      setState((old) => {
        const next = addRecent(old.userId === userId ? old.list : loadRecent(userId), query);
        saveRecent(userId, next);
        return { userId, list: next };
      });
    },
    [userId],
  );

  const clear = useCallback(() => {
    saveRecent(userId, []);
    setState({ userId, list: [] });
  }, [userId]);

  return { recent: list, add, clear };
}
