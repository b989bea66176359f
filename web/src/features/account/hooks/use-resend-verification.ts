import { useMutation } from '@tanstack/react-query';
import { resendVerification } from '../api/account';

/** 'Send the link again' (three links an hour; the server says when that is spent). */
export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
