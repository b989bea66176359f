import { CloudOff } from 'lucide-react';
import { MessageScreen } from '@/app/screens/message-screen';

/**
 * Asking who is signed in failed with something other than a 401 (the server is down, a timeout, no network).
 * That says nothing about the session, so the login form would be wrong: say so, and offer to ask again.
 */
export function SessionErrorScreen({ onRetry }: { onRetry: () => void }) {
  return (
    <MessageScreen
      icon={CloudOff}
      title="Something went wrong"
      message="Grow could not be reached just now. Check your connection, then try again."
      action="Retry"
      onAction={onRetry}
    />
  );
}
