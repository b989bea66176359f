import { CloudOff } from 'lucide-react';
import { useEffect } from 'react';
import { MessageScreen } from '@/components/message-screen';

/**
 * Asking who is signed in failed with something other than a 401 (the server is down, a timeout, no network).
 * That says nothing about the session, so the login form would be wrong: say so, and offer to ask again. The
 * question is asked again by itself when the browser comes back online (a page opened offline, from the service
 * worker's shell: the offline bar promises that Grow reconnects).
 */
export function SessionErrorScreen({ onRetry }: { onRetry: () => void }) {
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);

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
