import { LogOut, Pencil, Sparkles } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useLogout, type User } from '@/lib/session';
import { EditProfileDialog } from './components/edit-profile-dialog';
import { PlanDialog } from './components/plan-dialog';
import { ProfileHeader } from './components/profile-header';
import { ShareProfileButton } from './components/share-profile-button';
import { profileLink } from './lib/profile-text';

export interface ProfileScreenProps {
  user: User | null;
  /** The 'N Connections' button with its dialog (the connections area's). */
  connections?: ReactNode;
  /** The Connect and Collab request tabs (the connections area's). */
  requests?: ReactNode;
  /** "Verify your email" and the way to Settings (the account area's). */
  safety?: ReactNode;
}

/**
 * The profile at /profile (spec 000 §2): the header, Edit Profile, Upgrade Plan, Share Profile, 'N Connections',
 * the request tabs, safety and your data, and Log Out. The connections and safety areas' parts come in as slots
 * (features do not import each other).
 */
export default function ProfileScreen({ user, connections, requests, safety }: ProfileScreenProps) {
  const { logout, isPending } = useLogout();
  const [dialog, setDialog] = useState<'edit' | 'plan' | null>(null);

  if (!user)
    return (
      <p className="rounded-2xl border border-border bg-card p-6 text-center text-muted-foreground">
        Please log in to view your profile.
      </p>
    );

  const close = (open: boolean) => !open && setDialog(null);

  return (
    <div className="space-y-5">
      <ProfileHeader user={user} />

      <div className="grid grid-cols-2 gap-3">
        <Button variant="outline" className="w-full" aria-haspopup="dialog" onClick={() => setDialog('edit')}>
          <Pencil aria-hidden />
          Edit Profile
        </Button>
        <Button className="w-full" aria-haspopup="dialog" onClick={() => setDialog('plan')}>
          <Sparkles aria-hidden />
          Upgrade Plan
        </Button>
        <ShareProfileButton link={profileLink(window.location.origin, user.connectCode)} />
        {connections}
      </div>

      {requests}

      {safety}

      <Button
        variant="ghost"
        size="lg"
        className="w-full text-destructive hover:bg-destructive-soft"
        onClick={() => void logout()}
        loading={isPending}
      >
        {!isPending && <LogOut aria-hidden />}
        Log Out
      </Button>

      <EditProfileDialog user={user} open={dialog === 'edit'} onOpenChange={close} />
      <PlanDialog role={user.role} open={dialog === 'plan'} onOpenChange={close} />
    </div>
  );
}
