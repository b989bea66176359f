import { ApiError, serverMessage } from '@/lib/api/client';
import type { ToastOptions } from '@/lib/toast';
import type { ConnectTarget } from '../api/search';

/** What the search screen says after a call (spec 001 §8), in the spec's words. */

export function searchFailedToast(message: string): ToastOptions {
  return { title: 'Search failed', description: message, variant: 'destructive' };
}

export const FETCH_USERS_FAILED_TOAST: ToastOptions = {
  title: 'Error',
  description: 'Failed to fetch users',
  variant: 'destructive',
};

export const FETCH_PROJECT_FAILED_TOAST: ToastOptions = {
  title: 'Error',
  description: 'Failed to fetch project',
  variant: 'destructive',
};

export function requestSentToast(target: ConnectTarget, name: string): ToastOptions {
  return target.kind === 'person'
    ? {
        title: 'Connection request sent!',
        description: `${name} will see your request.`,
        variant: 'success',
      }
    : {
        title: 'Request Sent!',
        description: 'The project owner has your collaboration request.',
        variant: 'success',
      };
}

function messageOf(error: unknown): string {
  return error instanceof ApiError ? (error.body?.message ?? '').toLowerCase() : '';
}

/**
 * A refused request (spec 001 §8). A 400 saying 'already exists' counts as sent ('already' is true); a 404 'User
 * not found' says the person is gone; anything else is 'Error' with the server's reason or the spec's fallback.
 */
export function requestRefused(
  target: ConnectTarget,
  error: unknown,
): { alreadySent: boolean; toast: ToastOptions } {
  const status = error instanceof ApiError ? error.status : null;
  const message = messageOf(error);
  if (status === 400 && message.includes('already exists'))
    return {
      alreadySent: true,
      toast:
        target.kind === 'person'
          ? { title: 'Already connected!', description: "You've already sent a request to this user." }
          : { title: 'Request already sent!', description: "You've already requested to join this project." },
    };
  if (status === 404 && message.includes('user not found'))
    return {
      alreadySent: false,
      toast: {
        title: 'User not available',
        description: 'This user is no longer available for connections.',
        variant: 'destructive',
      },
    };
  return {
    alreadySent: false,
    toast: {
      title: 'Error',
      description: serverMessage(
        error,
        target.kind === 'person'
          ? 'Failed to send connection request. Please try again.'
          : 'Failed to send collaboration request. Please try again.',
      ),
      variant: 'destructive',
    },
  };
}
