import { ApiError, failureText, serverMessage } from '@/lib/api/client';
import { coinsSentence, type CoinAnswer } from '@/lib/coins';
import type { ToastOptions } from '@/lib/toast';
import { formatPence } from '@/lib/money';

/** What the explore area says after a call (spec 001 §8), in the spec's words. */

/**
 * 'Project Supported!' with what the support paid, as the answer says it: 'You earned 25 coins for supporting this
 * project.', or that today's limit for supporting projects was reached (shared/API.md "Coins").
 */
export function supportedToast(answer: CoinAnswer): ToastOptions {
  return {
    title: 'Project Supported!',
    description:
      coinsSentence(answer, 'support', 'for supporting this project') ??
      'Thanks for supporting this project.',
    variant: 'success',
  };
}

export const ALREADY_SUPPORTED_TOAST: ToastOptions = {
  title: 'Already Supported',
  description: 'You have already supported this project.',
};

function messageOf(error: unknown): string {
  return error instanceof ApiError ? (error.body?.message ?? '') : '';
}

/** A failed support: 'Already Supported' when the server says so, else 'Error' with its reason. */
export function supportFailedToast(error: unknown): ToastOptions {
  if (messageOf(error).toLowerCase().includes('already supported')) return ALREADY_SUPPORTED_TOAST;
  return {
    title: 'Error',
    description: serverMessage(error, 'Failed to support project'),
    variant: 'destructive',
  };
}

export const RESET_TOAST: ToastOptions = {
  title: 'Projects Reset',
  description: 'All swiped projects are now available again.',
  variant: 'success',
};

export function resetFailedToast(error: unknown): ToastOptions {
  return {
    title: 'Error',
    description: serverMessage(error, 'Failed to reset swiped projects'),
    variant: 'destructive',
  };
}

/** A swipe the server did not take: 'Error' with the reason and, when the card came back, that it did. */
export function swipeFailedToast(error: unknown, cardBack: boolean): ToastOptions {
  const reason = serverMessage(error, 'Failed to save your swipe');
  return {
    title: 'Error',
    description: cardBack
      ? `${/[.!?]$/.test(reason) ? reason : `${reason}.`} The card is back on top.`
      : reason,
    variant: 'destructive',
  };
}

export function pledgeCreatedToast(amount: number, upfront: number): ToastOptions {
  return {
    title: 'Pledge Created!',
    description: `You pledged ${formatPence(amount)}. ${formatPence(upfront)} (10%) is paid upfront; the rest is held in escrow.`,
    variant: 'success',
  };
}

export function paymentConfirmedToast(upfront: number): ToastOptions {
  return {
    title: 'Payment Confirmed',
    description: `Your upfront payment of ${formatPence(upfront)} is confirmed.`,
    variant: 'success',
  };
}

/** How long after 'Pledge Created!' the payment is confirmed and the portfolio refreshed (spec 001 §4, §9). */
export const PAYMENT_CONFIRMED_DELAY_MS = 3000;

export function pledgeFailedToast(error: unknown): ToastOptions {
  return {
    title: 'Pledge Failed',
    description: serverMessage(error, 'Failed to submit pledge'),
    variant: 'destructive',
  };
}

export const FEEDBACK_SENT_TOAST: ToastOptions = {
  title: 'Feedback submitted!',
  description: 'Thanks for sharing your thoughts with the team.',
  variant: 'success',
};

export function feedbackFailedToast(error: unknown): ToastOptions {
  return {
    title: 'Error',
    description: serverMessage(error, 'Failed to submit feedback'),
    variant: 'destructive',
  };
}

export const REQUEST_SENT_TOAST: ToastOptions = {
  title: 'Request Sent!',
  description: 'The project owner has your collaboration request.',
  variant: 'success',
};

/** A refused collaboration request: already asked (spec 001 §8, the projects variant), or 'Error'. */
export function requestFailedToast(error: unknown): ToastOptions {
  const message = messageOf(error).toLowerCase();
  if (message.includes('already exists') || message.includes('already requested'))
    return { title: 'Request already sent!', description: "You've already requested to join this project." };
  return {
    title: 'Error',
    description: failureText(error, 'Failed to send collaboration request'),
    variant: 'destructive',
  };
}
