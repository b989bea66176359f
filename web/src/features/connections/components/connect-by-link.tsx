import { useConnectByLink } from '../hooks/use-connect-by-link';
import { ScannedProfileDialog } from '@/components/connections/scanned-profile-dialog';

/** `/profile?connect={code}` while signed in: connects, then shows who (spec 000 §2, §4). */
export function ConnectByLink({ myCode }: { myCode: string | null }) {
  const { result, dismiss } = useConnectByLink(myCode);
  return (
    <ScannedProfileDialog
      result={result}
      onClose={dismiss}
      noBio="Building the future, one project at a time."
    />
  );
}
