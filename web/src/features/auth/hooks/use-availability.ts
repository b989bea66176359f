/**
 * Debounced availability checks for the sign-up form (spec 000 §4 "Availability checks"):
 * a check runs 1000 ms after typing stops, each keystroke cancels the pending timer and aborts the
 * request in flight, a result is applied only while the field still holds the checked value, and a
 * failed check counts as available.
 */
import { useEffect, useRef, useState } from 'react';
import { checkEmail } from '../api/check-email';
import { checkUsername } from '../api/check-username';

export const AVAILABILITY_DEBOUNCE_MS = 1000;
export const MIN_USERNAME_CHECK_LENGTH = 3;

export type AvailabilityStatus = 'idle' | 'checking' | 'available' | 'taken';

/** Resolves true when the value is free. May reject; a rejection counts as available. */
export type AvailabilityCheck = (value: string, signal: AbortSignal) => Promise<boolean>;

export interface AvailabilityOptions {
  /** Whether this (trimmed) value is worth checking at all. */
  isCheckable: (value: string) => boolean;
  check: AvailabilityCheck;
  delayMs?: number;
}

interface Result {
  value: string;
  status: Exclude<AvailabilityStatus, 'idle'>;
}

export function isCheckableEmail(email: string): boolean {
  return email.includes('@') && email.includes('.');
}

export function isCheckableUsername(username: string): boolean {
  return username.length >= MIN_USERNAME_CHECK_LENGTH;
}

export function useAvailability(rawValue: string, options: AvailabilityOptions): AvailabilityStatus {
  const value = rawValue.trim();
  const [result, setResult] = useState<Result | null>(null);
  const latestValue = useRef(value);
  const optionsRef = useRef(options);
  const delayMs = options.delayMs ?? AVAILABILITY_DEBOUNCE_MS;

  useEffect(() => {
    optionsRef.current = options;
  });

  useEffect(() => {
    latestValue.current = value;
    if (!optionsRef.current.isCheckable(value)) return undefined;

    const controller = new AbortController();
    const timer = setTimeout(() => {
      setResult({ value, status: 'checking' });
      const apply = (available: boolean) => {
        // A newer keystroke aborted this check, or the field no longer holds this value.
        if (controller.signal.aborted || latestValue.current !== value) return;
        setResult({ value, status: available ? 'available' : 'taken' });
      };
      let pending: Promise<boolean>;
      try {
        pending = optionsRef.current.check(value, controller.signal);
      } catch {
        pending = Promise.resolve(true);
      }
      pending.then(apply, () => apply(true));
    }, delayMs);

    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, delayMs]);

  if (result === null || result.value !== value || !options.isCheckable(value)) return 'idle';
  return result.status;
}

const emailCheck = { isCheckable: isCheckableEmail, check: checkEmail };
const usernameCheck = { isCheckable: isCheckableUsername, check: checkUsername };

/** Whether the sign-up email is still free (`POST /api/auth/check-email`). */
export function useEmailAvailability(email: string): AvailabilityStatus {
  return useAvailability(email, emailCheck);
}

/** Whether the sign-up username is still free (`POST /api/auth/check-username`). */
export function useUsernameAvailability(username: string): AvailabilityStatus {
  return useAvailability(username, usernameCheck);
}
