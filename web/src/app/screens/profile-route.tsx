import type { User } from '@/lib/session';
import { ConnectByLink } from '@/features/connections/components/connect-by-link';
import { ConnectionsButton } from '@/features/connections/components/connections-dialog';
import { RequestTabs } from '@/features/connections/components/request-tabs';
import ProfileScreen from '@/features/profile/profile-screen';
import { SettingsLink } from '@/features/account/components/settings-link';
import { VerifyEmailNote } from '@/features/account/components/verify-email-note';

/**
 * /profile: the profile screen with the connections area's parts in its slots (the 'N Connections' dialog, the
 * Connect and Collab tabs), the account area's ("Verify your email" and the way to Settings, where blocked people,
 * your data and the way to /admin now live), and connect-by-link (`?connect={code}`). Features do not import each other, so they
 * meet here. One lazy chunk.
 */
export default function ProfileRoute({ user }: { user: User }) {
  return (
    <>
      <ProfileScreen
        user={user}
        connections={<ConnectionsButton count={user.connectionCount} />}
        requests={<RequestTabs />}
        safety={
          <>
            <VerifyEmailNote user={user} />
            <SettingsLink />
          </>
        }
      />
      <ConnectByLink myCode={user.connectCode ?? null} />
    </>
  );
}
