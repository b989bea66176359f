import { useCallback, useState } from 'react';
import type { Project } from '../api/types';

/** The explore area's dialogs. One shows at a time; closing one goes back to the one it was opened from. */
export type ExploreDialog =
  | { kind: 'filters' }
  | { kind: 'supported' }
  | { kind: 'detail'; projectId: number; project?: Project }
  | { kind: 'pledge'; project: Pick<Project, 'id' | 'title'>; fromDeck?: boolean };

export interface DialogStack {
  /** The dialog showing, if any. */
  top: ExploreDialog | undefined;
  open: (dialog: ExploreDialog) => void;
  /** Close the one showing (back to the one under it). */
  back: () => void;
}

export function useDialogStack(): DialogStack {
  const [stack, setStack] = useState<ExploreDialog[]>([]);
  const open = useCallback((dialog: ExploreDialog) => setStack((old) => [...old, dialog]), []);
  const back = useCallback(() => setStack((old) => old.slice(0, -1)), []);
  return { top: stack[stack.length - 1], open, back };
}
