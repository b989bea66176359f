import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, BadgeCheck, Bell, KeyRound, Mail, Eye } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Skeleton } from '@/components/ui/skeleton';
import { serverMessage } from '@/lib/api/client';
import { CURRENT_USER_KEY, type User } from '@/lib/session';
import { updateProfile } from '@/resources/users';
import { toast } from '@/lib/toast';
import {
  changeEmail,
  changePassword,
  notificationSettingsQuery,
  saveNotificationSettings,
  type Digest,
  type NotificationSettings,
} from './api/account';
import { VerifyEmailNote } from './components/verify-email-note';

/** What each notification type is called on the screen. */
export const PUSH_LABELS: Record<string, string> = {
  project_update: 'Updates to projects you follow',
  feedback_reply: 'Replies to your feedback',
  collaboration_request: 'Collaboration requests',
  task_assignment: 'Tasks assigned to you',
  project_support: 'Support for your projects',
  reward: 'Rewards and achievements',
  daily_motivation: 'Daily motivation',
};

const DIGESTS: { value: Digest; label: string; hint: string }[] = [
  { value: 'off', label: 'Off', hint: 'No mail' },
  { value: 'daily', label: 'Daily', hint: 'At most one a day' },
  { value: 'weekly', label: 'Weekly', hint: 'At most one a week' },
];

export interface SettingsScreenProps {
  user: User;
  /** Blocked people, Download my data and Delete my account (the safety area's). */
  safety?: ReactNode;
}

/**
 * Settings at /settings (shared/API.md "Your account"), reached from Profile: being findable, the password, the
 * email and its verification, which notifications reach you, and the safety area's part (blocked people, your data).
 */
export function SettingsScreen({ user, safety }: SettingsScreenProps) {
  return (
    <div className="space-y-5">
      {/* The shell's header is the page's h1 ("Settings"). */}
      <Link
        href="/profile"
        className="inline-flex min-h-11 items-center gap-2 rounded-lg pr-3 text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ArrowLeft className="size-5" aria-hidden />
        Back to Profile
      </Link>

      <VerifyEmailNote user={user} />
      <Visibility user={user} />
      <PasswordCard />
      <EmailCard user={user} />
      <NotificationsCard />
      {safety}
    </div>
  );
}

function SectionTitle({ icon, children, id }: { icon: ReactNode; children: ReactNode; id: string }) {
  return (
    <h2 id={id} className="flex items-center gap-2 font-display text-base font-bold">
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
        {icon}
      </span>
      {children}
    </h2>
  );
}

/** "Show me in search and Who's near you" (`isDiscoverable`). */
function Visibility({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const id = useId();
  const save = useMutation({
    mutationFn: (isDiscoverable: boolean) => updateProfile({ isDiscoverable }),
    onSuccess: (fresh) => queryClient.setQueryData(CURRENT_USER_KEY, fresh),
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error, 'Could not save that'),
        variant: 'destructive',
      }),
  });
  const on = save.isPending ? (save.variables ?? user.isDiscoverable) : user.isDiscoverable;
  return (
    <Card className="space-y-3 p-4" aria-labelledby={`${id}-title`} role="region">
      <SectionTitle id={`${id}-title`} icon={<Eye className="size-4" aria-hidden />}>
        Who can find you
      </SectionTitle>
      <div className="flex items-start gap-3">
        <Checkbox
          id={id}
          checked={on}
          disabled={save.isPending}
          onCheckedChange={(checked) => save.mutate(checked)}
          aria-describedby={`${id}-hint`}
          className="mt-0.5"
        />
        <div>
          <label htmlFor={id} className="font-medium">
            Show me in search and Who's near you
          </label>
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            Off, people can still reach you through your connections and your projects.
          </p>
        </div>
      </div>
    </Card>
  );
}

/** Change password: the current one, then the new one; every other device is signed out. */
function PasswordCard() {
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const change = useMutation({
    mutationFn: () => changePassword(current, next),
    onSuccess: () => {
      setCurrent('');
      setNext('');
      toast({
        title: 'Password changed',
        description: 'Your other devices were signed out.',
        variant: 'success',
      });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate();
  };
  return (
    <Card className="p-4" role="region" aria-labelledby={`${id}-title`}>
      <form className="space-y-3" onSubmit={submit} noValidate>
        <SectionTitle id={`${id}-title`} icon={<KeyRound className="size-4" aria-hidden />}>
          Password
        </SectionTitle>
        <FormField id={`${id}-current`} label="Current password">
          <PasswordInput
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
          />
        </FormField>
        <FormField
          id={`${id}-new`}
          label="New password"
          hint={
            <p className="text-sm text-muted-foreground">
              At least 8 characters, mixing lowercase, uppercase, numbers and symbols.
            </p>
          }
        >
          <PasswordInput
            autoComplete="new-password"
            value={next}
            onChange={(event) => setNext(event.target.value)}
          />
        </FormField>
        {change.isError && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {serverMessage(change.error, 'Could not change your password')}
          </p>
        )}
        <Button type="submit" className="w-full" loading={change.isPending} disabled={!current || !next}>
          Change password
        </Button>
      </form>
    </Card>
  );
}

/** The email: where it stands, and a change that takes effect through the link mailed to the new address. */
function EmailCard({ user }: { user: User }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const change = useMutation({
    mutationFn: () => changeEmail(password, email.trim()),
    onSuccess: () => {
      setPassword('');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate();
  };
  return (
    <Card className="p-4" role="region" aria-labelledby={`${id}-title`}>
      <form className="space-y-3" onSubmit={submit} noValidate>
        <SectionTitle id={`${id}-title`} icon={<Mail className="size-4" aria-hidden />}>
          Email
        </SectionTitle>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="break-all font-medium">{user.email}</span>
          {user.emailVerified ? (
            <Badge variant="default">
              <BadgeCheck className="size-3.5" aria-hidden /> Verified
            </Badge>
          ) : (
            <Badge variant="coin">Not verified</Badge>
          )}
        </p>
        <FormField id={`${id}-email`} label="New email">
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </FormField>
        <FormField id={`${id}-password`} label="Your password">
          <PasswordInput
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </FormField>
        {change.isError && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {serverMessage(change.error, 'Could not change your email')}
          </p>
        )}
        {change.isSuccess && (
          <p role="status" className="rounded-lg bg-primary-soft p-3 text-sm text-primary-soft-foreground">
            {change.data}
          </p>
        )}
        <Button
          type="submit"
          variant="outline"
          className="w-full"
          loading={change.isPending}
          disabled={!email.trim() || !password}
        >
          Change email
        </Button>
      </form>
    </Card>
  );
}

/** Push per notification type, and the email digest. */
function NotificationsCard() {
  const id = useId();
  const queryClient = useQueryClient();
  const settings = useQuery(notificationSettingsQuery());
  const save = useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (fresh) => queryClient.setQueryData(notificationSettingsQuery().queryKey, fresh),
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error, 'Could not save that'),
        variant: 'destructive',
      }),
  });
  return (
    <Card className="space-y-4 p-4" role="region" aria-labelledby={`${id}-title`}>
      <SectionTitle id={`${id}-title`} icon={<Bell className="size-4" aria-hidden />}>
        Notifications
      </SectionTitle>
      {settings.isPending ? (
        <div aria-busy="true" aria-label="Loading your notification settings" className="space-y-2">
          <Skeleton className="h-6 w-3/4" />
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="h-6 w-1/2" />
        </div>
      ) : settings.isError ? (
        <div role="alert" className="space-y-2 text-sm">
          <p>{serverMessage(settings.error, 'Could not load your notification settings')}</p>
          <Button variant="outline" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <Choices
          settings={save.isPending ? preview(settings.data, save.variables) : settings.data}
          save={save.mutate}
        />
      )}
    </Card>
  );
}

/** The settings as they will be once a save in flight lands (so a toggle moves at once). */
function preview(
  now: NotificationSettings,
  change?: { push?: Record<string, boolean>; emailDigest?: Digest },
): NotificationSettings {
  return {
    push: { ...now.push, ...change?.push },
    emailDigest: change?.emailDigest ?? now.emailDigest,
  };
}

function Choices({
  settings,
  save,
}: {
  settings: NotificationSettings;
  save: (change: { push?: Record<string, boolean>; emailDigest?: Digest }) => void;
}) {
  const id = useId();
  const types = Object.keys(PUSH_LABELS).filter((type) => type in settings.push);
  return (
    <>
      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm text-muted-foreground">
          Push notifications on this and your other devices. Everything stays in the bell either way.
        </legend>
        {types.map((type) => (
          <div key={type} className="flex items-center gap-3">
            <Checkbox
              id={`${id}-${type}`}
              checked={settings.push[type] ?? true}
              onCheckedChange={(on) => save({ push: { [type]: on } })}
            />
            <label htmlFor={`${id}-${type}`} className="text-sm font-medium">
              {PUSH_LABELS[type]}
            </label>
          </div>
        ))}
      </fieldset>
      <fieldset>
        <legend className="mb-2 text-sm font-medium">Email digest of what you missed</legend>
        <div role="radiogroup" aria-label="Email digest" className="grid grid-cols-3 gap-2">
          {DIGESTS.map((digest) => {
            const chosen = settings.emailDigest === digest.value;
            return (
              <button
                key={digest.value}
                type="button"
                role="radio"
                aria-checked={chosen}
                onClick={() => save({ emailDigest: digest.value })}
                className={`flex min-h-14 flex-col items-center justify-center rounded-xl border-2 px-2 py-2 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-ring ${
                  chosen
                    ? 'border-primary bg-primary-soft text-primary-soft-foreground'
                    : 'border-border bg-card'
                }`}
              >
                <span className="font-bold">{digest.label}</span>
                <span className="text-xs text-muted-foreground">{digest.hint}</span>
              </button>
            );
          })}
        </div>
      </fieldset>
    </>
  );
}
