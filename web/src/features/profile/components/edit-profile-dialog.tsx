import { zodResolver } from '@hookform/resolvers/zod';
import { LocateFixed } from 'lucide-react';
import { useCallback, useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { User } from '@/lib/session';
import { type DevicePoint, useDetectLocation } from '../hooks/use-detect-location';
import { useSaveProfile } from '../hooks/use-profile-actions';
import { BIO_MAX_LENGTH, LOCATION_MAX_LENGTH, profileSchema, type ProfileValues } from '../lib/profile-rules';
import { SkillsEditor } from './skills-editor';

function valuesOf(user: User): ProfileValues {
  return { location: user.location ?? '', bio: user.bio ?? '', skills: [...user.skills] };
}

/** Edit Profile (spec 000 §2, §5): location with "detect my location", bio and skills; Save patches the profile. */
export function EditProfileDialog({
  user,
  open,
  onOpenChange,
}: {
  user: User;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Profile</DialogTitle>
          <DialogDescription>
            Tell people where you are, what drives you and what you’re good at.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted with the dialog: each opening starts from the profile as it is then. */}
        <EditProfileForm user={user} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function EditProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<ProfileValues>({
    defaultValues: valuesOf(user),
    resolver: zodResolver(profileSchema, undefined, { mode: 'sync' }),
  });
  const save = useSaveProfile();
  // The device position behind a detected location: saved with it while the text is still the detected one.
  const detected = useRef<{ location: string; position: DevicePoint } | null>(null);
  const onDetected = useCallback(
    (location: string, position: DevicePoint) => {
      detected.current = { location, position };
      setValue('location', location, { shouldDirty: true, shouldValidate: true });
    },
    [setValue],
  );
  const location = useDetectLocation(onDetected);
  const bioLength = useWatch({ control, name: 'bio' }).length;

  const onValid = (values: ProfileValues) => {
    const location = values.location.trim();
    const device = detected.current?.location === location ? detected.current.position : null;
    save.mutate(
      { location, bio: values.bio.trim(), skills: values.skills, ...(device ?? {}) },
      { onSuccess: onDone },
    );
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onValid)(event)} className="flex flex-col gap-5">
      <FormField
        id="profile-location"
        label="Location"
        error={errors.location?.message}
        hint={
          <Button
            type="button"
            variant="link"
            size="sm"
            className="-ml-1 h-auto"
            onClick={location.detect}
            loading={location.detecting}
          >
            {!location.detecting && <LocateFixed aria-hidden />}
            {location.detecting ? 'Detecting your location...' : 'Detect my location'}
          </Button>
        }
      >
        <Input
          autoComplete="address-level2"
          placeholder="City, Country"
          maxLength={LOCATION_MAX_LENGTH}
          {...register('location')}
        />
      </FormField>
      <FormField
        id="profile-bio"
        label="Bio"
        error={errors.bio?.message}
        hint={
          <p className="text-right text-xs tabular-nums text-muted-foreground">
            {bioLength}/{BIO_MAX_LENGTH}
          </p>
        }
      >
        <Textarea
          rows={3}
          maxLength={BIO_MAX_LENGTH}
          placeholder="What are you building, and what drives you?"
          {...register('bio')}
        />
      </FormField>
      <Controller
        control={control}
        name="skills"
        render={({ field }) => (
          <FormField id="profile-skills" label="Skills">
            <SkillsEditor ref={field.ref} skills={field.value} onChange={field.onChange} />
          </FormField>
        )}
      />
      {/* Save stays in reach while the form scrolls. */}
      <DialogFooter className="sticky -bottom-6 z-10 -mx-6 -mb-6 grid grid-cols-2 gap-3 border-t border-border bg-card px-6 py-3 sm:grid">
        <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </DialogFooter>
    </form>
  );
}
