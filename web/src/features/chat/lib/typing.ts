import { useCallback, useSyncExternalStore } from 'react';
import { onSessionEnd } from '@/lib/session';

/**
 * Who is typing where ('typing…', API.md "Messages beyond the spec"): the live channel's `typing` frames are
 * noted here by chat (the chat's messages path) and person, and each note fades after `TYPING_HOLD_MS` unless a
 * newer frame renews it (the server passes on at most one a second while someone types). A message from that
 * person ends it at once.
 */
export const TYPING_HOLD_MS = 3_000;

const typing = new Map<string, Map<number, ReturnType<typeof setTimeout>>>();
const listeners = new Set<() => void>();
const EMPTY: readonly number[] = [];
let snapshots = new Map<string, readonly number[]>();

function emit(): void {
  snapshots = new Map();
  for (const listener of [...listeners]) listener();
}

/** `userId` is typing in the chat at `path`; forgotten after the hold unless renewed. */
export function noteTyping(path: string, userId: number, holdMs: number = TYPING_HOLD_MS): void {
  const people = typing.get(path) ?? new Map<number, ReturnType<typeof setTimeout>>();
  clearTimeout(people.get(userId));
  const isNew = !people.has(userId);
  people.set(
    userId,
    setTimeout(() => stopTyping(path, userId), holdMs),
  );
  typing.set(path, people);
  if (isNew) emit();
}

/** `userId` stopped typing in the chat at `path` (their message arrived, or the hold ran out). */
export function stopTyping(path: string, userId: number): void {
  const people = typing.get(path);
  if (!people?.has(userId)) return;
  clearTimeout(people.get(userId));
  people.delete(userId);
  if (people.size === 0) typing.delete(path);
  emit();
}

/** Forget everything (at the end of a session, and in tests). */
export function resetTyping(): void {
  for (const people of typing.values()) for (const timer of people.values()) clearTimeout(timer);
  typing.clear();
  emit();
}

// Who was typing to the person before is nothing the next one on this device should see.
onSessionEnd(resetTyping);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function typistsOf(path: string): readonly number[] {
  let snapshot = snapshots.get(path);
  if (!snapshot) {
    const people = typing.get(path);
    snapshot = people ? [...people.keys()] : EMPTY;
    snapshots.set(path, snapshot);
  }
  return snapshot;
}

/** The ids of the people typing in the chat at `path` now, re-rendering as that changes. */
export function useTypists(path: string): readonly number[] {
  const get = useCallback(() => typistsOf(path), [path]);
  return useSyncExternalStore(subscribe, get, get);
}
