import type { ToastOptions } from '@/lib/toast';

/** Looking For (spec 001 §3, §5): at most two of these. */
export const LOOKING_FOR_OPTIONS = ['Innovator', 'Collaborator', 'Explorer'] as const;
export type LookingFor = (typeof LOOKING_FOR_OPTIONS)[number];
export const MAX_LOOKING_FOR = 2;

export const LOOKING_FOR_LIMIT_TOAST: ToastOptions = {
  title: 'Selection limit reached',
  description: 'You can only select up to 2 collaborator types',
  variant: 'destructive',
};

/**
 * Ticks or unticks `option`. A third choice is refused (`refused: true`, the selection unchanged), so the caller
 * can say so with LOOKING_FOR_LIMIT_TOAST.
 */
export function toggleLookingFor(
  selected: readonly string[],
  option: string,
): { next: string[]; refused: boolean } {
  if (selected.includes(option)) return { next: selected.filter((item) => item !== option), refused: false };
  if (selected.length >= MAX_LOOKING_FOR) return { next: [...selected], refused: true };
  // Kept in the options' order, whatever order they were ticked in.
  const next = [...selected, option];
  const order = (value: string) => {
    const index = (LOOKING_FOR_OPTIONS as readonly string[]).indexOf(value);
    return index < 0 ? LOOKING_FOR_OPTIONS.length : index;
  };
  return { next: next.sort((a, b) => order(a) - order(b)), refused: false };
}
