import { Camera, Coins, MapPin, X } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ROLE_LABELS } from '@/lib/roles';
import type { User } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useUploadPhoto } from '../hooks/use-profile-actions';
import { photoDataUrl } from '../lib/photo';
import { displayBio, displayLocation, fullName, LOCATION_FALLBACK } from '../lib/profile-text';

/**
 * The profile's header (spec 000 §2): photo (a camera button picks a new one, Save sends it), name, role badge,
 * location and bio with their fallbacks, and skills.
 */
export function ProfileHeader({ user }: { user: User }) {
  const name = fullName(user);
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const upload = useUploadPhoto();
  const location = displayLocation(user.location);

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      setPreview(await photoDataUrl(file));
    } catch (error) {
      console.error('The photo could not be read', error);
      toast({
        title: 'Upload failed',
        description: 'Failed to upload profile image',
        variant: 'destructive',
      });
    }
  };

  const save = () => {
    if (preview) upload.mutate(preview, { onSuccess: () => setPreview(null) });
  };

  return (
    <Card className="overflow-hidden">
      <div aria-hidden className="h-24 bg-gradient-to-br from-brand-violet to-brand-orange" />
      <CardContent className="-mt-14 flex flex-col items-center text-center">
        <div className="relative">
          <Avatar
            name={name}
            src={preview ?? user.profileImageUrl}
            role={user.role}
            size="lg"
            className="size-28 text-4xl ring-4 ring-card"
            data-testid="profile-photo"
          />
          <Button
            size="icon"
            variant="secondary"
            className="absolute -bottom-1 -right-1 shadow-soft ring-4 ring-card"
            aria-label="Change profile photo"
            onClick={() => input.current?.click()}
            disabled={upload.isPending}
          >
            <Camera aria-hidden />
          </Button>
          <input
            ref={input}
            type="file"
            accept="image/*"
            hidden
            data-testid="profile-photo-input"
            onChange={(event) => void onPick(event)}
          />
        </div>
        {preview && (
          <div className="mt-3 flex animate-pop items-center gap-2">
            <Button size="sm" onClick={save} loading={upload.isPending}>
              {upload.isPending ? 'Saving...' : 'Save'}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => setPreview(null)}
              disabled={upload.isPending}
              aria-label="Discard new photo"
            >
              <X aria-hidden />
              Cancel
            </Button>
          </div>
        )}
        <h2 className="mt-3 font-display text-2xl font-extrabold leading-tight">{name}</h2>
        <p className="text-sm text-muted-foreground">@{user.username}</p>
        <div className="mt-2 flex flex-wrap items-center justify-center gap-2">
          <Badge variant={user.role}>{ROLE_LABELS[user.role]}</Badge>
          <Badge variant="coin">
            <Coins aria-hidden />
            {user.coins.toLocaleString('en-GB')} coins
          </Badge>
        </div>
        <p
          className={
            location === LOCATION_FALLBACK
              ? 'mt-3 flex items-center gap-1.5 text-sm italic text-muted-foreground'
              : 'mt-3 flex items-center gap-1.5 text-sm font-medium text-muted-foreground'
          }
        >
          <MapPin className="size-4 shrink-0" aria-hidden />
          <span className="sr-only">Location: </span>
          {location}
        </p>
        <p className="mt-3 max-w-sm text-pretty">{displayBio(user.bio)}</p>
        {user.skills.length > 0 && (
          <ul aria-label="Skills" className="mt-4 flex flex-wrap justify-center gap-2">
            {user.skills.map((skill) => (
              <li
                key={skill}
                className="rounded-full bg-muted px-3 py-1 text-sm font-semibold text-foreground"
              >
                {skill}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
