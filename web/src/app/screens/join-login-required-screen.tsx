import { LockKeyhole } from 'lucide-react';
import { MessageScreen } from '@/app/screens/message-screen';

/** Signed-out /join/:projectId and /project/:id (spec 000 §2, Join-project screen). */
export default function JoinLoginRequiredScreen() {
  return (
    <MessageScreen
      icon={LockKeyhole}
      title="Authentication Required"
      message="Please log in to join this project."
      action="Go to Home"
    />
  );
}
