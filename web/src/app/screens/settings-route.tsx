import { SettingsScreen } from '@/features/account/settings-screen';
import { SafetySection } from '@/features/safety/components/safety-section';
import type { User } from '@/lib/session';

/**
 * /settings: the account area's screen with the safety area's part in its slot (blocked people, your data,
 * deleting the account, the way to /admin). Features do not import each other, so they meet here. One lazy chunk.
 */
export default function SettingsRoute({ user }: { user: User }) {
  return <SettingsScreen user={user} safety={<SafetySection user={user} />} />;
}
