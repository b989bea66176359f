import { useConnectByLink } from '../hooks/use-connect-by-link';
import { ScannedProfileDialog } from './scanned-profile-dialog';

/** `/profile?connect={userId}` while signed in: connects, then shows who (spec 000 §2, §4). */
export function ConnectByLink({ myId }: { myId: number }) {
  const { result, dismiss } = useConnectByLink(myId);
  return <ScannedProfileDialog result={result} onClose={dismiss} />;
}
