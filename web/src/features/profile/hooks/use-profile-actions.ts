import { useMutation } from '@tanstack/react-query';
import { useSetCurrentUser } from '@/lib/session';
import { ROLE_LABELS } from '@/lib/roles';
import { toast } from '@/lib/toast';
import { updateProfile, uploadProfileImage, type UpdateProfileRequest } from '../api/profile';
import type { PlanRole } from '../lib/plans';

/** Edit Profile's Save: 'Profile updated', or 'Update failed – Failed to update profile' (spec 000 §8). */
export function useSaveProfile() {
  // The answer is my record: it becomes the signed-in user, so every screen shows it at once.
  const keep = useSetCurrentUser();
  return useMutation({
    mutationKey: ['/api/users/profile'],
    mutationFn: (change: Pick<UpdateProfileRequest, 'location' | 'bio' | 'skills'>) => updateProfile(change),
    onSuccess: (user) => {
      keep(user);
      toast({ title: 'Profile updated', variant: 'success' });
    },
    onError: () =>
      toast({ title: 'Update failed', description: 'Failed to update profile', variant: 'destructive' }),
  });
}

/**
 * A plan card: the role changes at once with a profile update carrying only `role` (spec 000 §4, §6), then
 * 'Plan Updated! You are now a {role}. Your role has been updated!' (spec 000 §8).
 */
export function useChangePlan() {
  // The answer is my record: it becomes the signed-in user, so every screen shows it at once.
  const keep = useSetCurrentUser();
  return useMutation({
    mutationKey: ['/api/users/profile', 'role'],
    mutationFn: (role: PlanRole) => updateProfile({ role }),
    onSuccess: (user) => {
      keep(user);
      toast({
        title: 'Plan Updated!',
        description: `You are now a ${ROLE_LABELS[user.role]}. Your role has been updated!`,
        variant: 'success',
      });
    },
    onError: () =>
      toast({ title: 'Update failed', description: 'Failed to update profile', variant: 'destructive' }),
  });
}

/** The photo's Save: 'Profile image updated', or 'Upload failed – Failed to upload profile image'. */
export function useUploadPhoto() {
  // The answer is my record: it becomes the signed-in user, so every screen shows it at once.
  const keep = useSetCurrentUser();
  return useMutation({
    mutationKey: ['/api/users/profile-image'],
    mutationFn: (dataUrl: string) => uploadProfileImage(dataUrl),
    onSuccess: (user) => {
      keep(user);
      toast({ title: 'Profile image updated', variant: 'success' });
    },
    onError: () =>
      toast({
        title: 'Upload failed',
        description: 'Failed to upload profile image',
        variant: 'destructive',
      }),
  });
}
