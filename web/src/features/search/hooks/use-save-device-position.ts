import { useMutation } from '@tanstack/react-query';
import { useSetCurrentUser } from '@/lib/session';
import { saveDevicePosition } from '../api/search';

/**
 * Keeps the position the device gave on the profile (API.md "Nearby": "saved when they allow location"), so the
 * next visit and other people's "Who's near you?" measure from it. A failure changes nothing on screen: the
 * position is still used for this visit.
 */
export function useSaveDevicePosition() {
  const keep = useSetCurrentUser();
  return useMutation({
    mutationKey: ['/api/users/profile', 'position'],
    mutationFn: saveDevicePosition,
    onSuccess: keep,
    onError: (error) => console.info('The device position was not saved', error),
  });
}
