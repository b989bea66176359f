import { useMutation } from '@tanstack/react-query';
import { useSetCurrentUser } from '@/lib/session';
import { updateProfile } from '@/resources/users';
import type { Position } from '../api/types';

/**
 * Keeps the position the device gave on the profile (API.md "Nearby": "saved when they allow location"), so the
 * next visit and other people's "Who's near you?" measure from it. A failure changes nothing on screen: the
 * position is still used for this visit.
 */
export function useSaveDevicePosition() {
  const keep = useSetCurrentUser();
  return useMutation({
    mutationKey: ['/api/users/profile', 'position'],
    // Snapped to about a kilometre by the server, and kept until the profile's location text changes.
    mutationFn: ({ lat, lng }: Position) => updateProfile({ lat, lng }),
    onSuccess: keep,
    onError: (error) => console.info('The device position was not saved', error),
  });
}
