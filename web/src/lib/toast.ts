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

/** Hide the toast on screen (or only the toast with this id, if it is still the one showing). */
export function dismissToast(id?: number): void {
  if (current === null) return;
  if (id !== undefined && current.id !== id) return;
  clearTimer();
  current = null;
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
