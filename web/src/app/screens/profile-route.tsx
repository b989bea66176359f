import type { User } from '@/lib/session';
import { ConnectByLink } from '@/features/connections/components/connect-by-link';
import { ConnectionsButton } from '@/features/connections/components/connections-dialog';
import { RequestTabs } from '@/features/connections/components/request-tabs';
import ProfileScreen from '@/features/profile/profile-screen';
import { SafetySection } from '@/features/safety/components/safety-section';

/**
 * /profile: the profile screen with the connections area's parts in its slots (the 'N Connections' dialog, the
 * Connect and Collab tabs), the safety area's (blocked people, my data, deleting the account, the way to /admin),
 * and connect-by-link (`?connect={code}`). Features do not import each other, so they
 * meet here. One lazy chunk.
 */
export default function ProfileRoute({ user }: { user: User }) {
  return (
    <>
      <ProfileScreen
        user={user}
        connections={<ConnectionsButton count={user.connectionCount} />}
        requests={<RequestTabs />}
        safety={<SafetySection user={user} />}
      />
      <ConnectByLink myCode={user.connectCode ?? null} />
    </>
  );
}
