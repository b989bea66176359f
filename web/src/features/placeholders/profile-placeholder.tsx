import { Coins, LogOut, MapPin, Users } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useSearch } from 'wouter';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { requestUntyped } from '@/lib/api/client';
import { ROLE_LABELS } from '@/lib/roles';
import { useLogout, type User } from '@/lib/session';

/** /profile?connect={userId}: connect with that user once (spec 000 §2); failure is only logged. */
function useAutoConnect(): void {
  const connect = new URLSearchParams(useSearch()).get('connect');
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!connect || sent.current === connect) return;
    sent.current = connect;
    const targetUserId = Number(connect);
    if (!Number.isFinite(targetUserId)) return;
    // Untyped: the server does not serve (or document) auto-connect yet; the connections area adds it.
    requestUntyped('POST', '/api/connections/auto-connect', { body: { targetUserId } }).catch(
      (error: unknown) => console.error('Auto-connect failed', error),
    );
  }, [connect]);
}

export default function ProfilePlaceholder({ user }: { user: User }) {
  const { logout, isPending } = useLogout();
  useAutoConnect();
  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.username;

  return (
    <div className="space-y-5">
      <Card className="overflow-hidden">
        <div aria-hidden className="h-20 bg-gradient-to-br from-brand-violet to-brand-orange" />
        <CardContent className="-mt-12 flex flex-col items-center text-center">
          <Avatar
            name={fullName}
            src={user.profileImageUrl}
            role={user.role}
            size="lg"
            className="ring-4 ring-card"
          />
          <h2 className="mt-3 font-display text-2xl font-extrabold">{fullName}</h2>
          <p className="text-sm text-muted-foreground">@{user.username}</p>
          <Badge variant={user.role} className="mt-2">
            {ROLE_LABELS[user.role]}
          </Badge>
          <p className="mt-3 flex items-center gap-1.5 text-sm text-muted-foreground">
            <MapPin className="size-4" aria-hidden />
            {user.location || 'Location not set'}
          </p>
          <p className="mt-3 max-w-sm text-pretty">
            {user.bio || 'Building the future, one project at a time.'}
          </p>
          {user.skills.length > 0 && (
            <ul aria-label="Skills" className="mt-4 flex flex-wrap justify-center gap-2">
              {user.skills.map((skill) => (
                <li key={skill} className="rounded-full bg-muted px-3 py-1 text-sm font-medium">
                  {skill}
                </li>
              ))}
            </ul>
          )}
          <div className="mt-5 grid w-full grid-cols-2 gap-3">
            <div className="rounded-xl bg-coin-soft p-3 text-coin-ink">
              <Coins className="mx-auto size-5" aria-hidden />
              <p className="font-display text-lg font-extrabold">{user.coins.toLocaleString('en-GB')}</p>
              <p className="text-xs font-semibold uppercase tracking-wider">Coins</p>
            </div>
            <div className="rounded-xl bg-primary-soft p-3 text-primary-soft-foreground">
              <Users className="mx-auto size-5" aria-hidden />
              <p className="font-display text-lg font-extrabold">{user.connectionCount}</p>
              <p className="text-xs font-semibold uppercase tracking-wider">Connections</p>
            </div>
          </div>
        </CardContent>
      </Card>

      <p className="text-center text-sm text-muted-foreground">
        Editing your profile, plans, sharing and connection requests are on their way.
      </p>

      <Button
        variant="outline"
        size="lg"
        className="w-full"
        onClick={() => void logout()}
        loading={isPending}
      >
        {!isPending && <LogOut aria-hidden />}
        Log Out
      </Button>
    </div>
  );
}
