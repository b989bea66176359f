import { useMutation, useQueryClient } from '@tanstack/react-query';
import { failureText, serverMessage } from '@/lib/api/client';
import { CURRENT_USER_KEY, useSetCurrentUser, type User } from '@/lib/session';
import { ROLE_LABELS } from '@/lib/roles';
import { toast } from '@/lib/toast';
import { updateProfile, type UpdateProfileRequest } from '@/resources/users';
import { newConnectCode, uploadProfileImage } from '../api/profile';
import type { PlanRole } from '../lib/plans';

/** Edit Profile's Save: 'Profile updated', or 'Update failed – Failed to update profile' (spec 000 §8). */
export function useSaveProfile() {
  // The answer is my record: it becomes the signed-in user, so every screen shows it at once.
  const keep = useSetCurrentUser();
  return useMutation({
    mutationKey: ['/api/users/profile'],
    mutationFn: (change: Pick<UpdateProfileRequest, 'location' | 'bio' | 'skills' | 'lat' | 'lng'>) =>
      updateProfile(change),
    onSuccess: (user) => {
      keep(user);
      toast({ title: 'Profile updated', variant: 'success' });
    },
    onError: (error) =>
      toast({
        title: 'Update failed',
        description: failureText(error, 'Failed to update profile'),
        variant: 'destructive',
      }),
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
    onError: (error) =>
      toast({
        title: 'Update failed',
        description: failureText(error, 'Failed to update profile'),
        variant: 'destructive',
      }),
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
    onError: (error) =>
      toast({
        title: 'Upload failed',
        description: failureText(error, 'Failed to upload profile image'),
        variant: 'destructive',
      }),
  });
}

/**
 * Share Your Profile's New link: a new connect code, written into my cached record at once (so the QR code and the
 * link change) and read again; 'New link ready', or 'Error' with the reason (the wait, after too many tries).
 */
export function useNewConnectLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['/api/users/me/connect-code'],
    mutationFn: newConnectCode,
    onSuccess: ({ connectCode }) => {
      queryClient.setQueryData<User | null>(CURRENT_USER_KEY, (user) =>
        user ? { ...user, connectCode } : user,
      );
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY, exact: true });
      toast({
        title: 'New link ready',
        description: 'Your new QR code and link are ready to share. The old ones no longer work.',
        variant: 'success',
      });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error, "Couldn't make a new link. Please try again."),
        variant: 'destructive',
      }),
  });
}
