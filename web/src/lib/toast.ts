import { useSyncExternalStore } from 'react';

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds on screen; spec 000 §9 default 5000. */
  duration?: number;
}

export interface ToastItem {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
}

export const TOAST_DURATION_MS = 5000;

// One toast at a time (spec 000 §9): a new one replaces the one showing.
let current: ToastItem | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | null = null;
/** A toast nobody asked for at that moment (the daily bonus), waiting for the one on screen to finish. */
let waiting: ToastOptions | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function clearTimer(): void {
  if (timer !== null) {
    clearTimeout(timer);
    timer = null;
  }
}

/** Show a toast, replacing any toast on screen. Returns its id (for dismissToast). */
export function toast(options: ToastOptions): number {
  clearTimer();
  const item: ToastItem = {
    id: nextId++,
    title: options.title,
    variant: options.variant ?? 'default',
    duration: options.duration ?? TOAST_DURATION_MS,
    ...(options.description !== undefined ? { description: options.description } : {}),
  };
  current = item;
  timer = setTimeout(() => dismissToast(item.id), item.duration);
  emit();
  return item.id;
}

/**
 * Show a toast once the one on screen has had its time (at once when none shows): for news that arrives on its own,
 * such as the daily bonus, so it never hides what the person's own act just said ('Connected!' at sign-in).
 */
export function toastAfterCurrent(options: ToastOptions): void {
  if (current === null) {
    toast(options);
  } else {
    waiting = options;
  }
}

/**
 * Hide the toast on screen (or only the toast with this id, if it is still the one showing). A toast waiting its turn
 * follows one that ends; clearing without an id (signing in or out) drops it too.
 */
export function dismissToast(id?: number): void {
  if (id === undefined) waiting = null;
  if (current === null) return;
  if (id !== undefined && current.id !== id) return;
  clearTimer();
  current = null;
  const next = waiting;
  waiting = null;
  if (next) {
    toast(next);
    return;
  }
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): ToastItem | null {
  return current;
}

/** The toast on screen, or null (used by <Toaster />; tests may read it too). */
export function useCurrentToast(): ToastItem | null {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** For tests: the toast on screen right now. */
export function currentToast(): ToastItem | null {
  return current;
}
