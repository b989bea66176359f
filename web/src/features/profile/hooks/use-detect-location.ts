import { useCallback, useState } from 'react';
import { toast } from '@/lib/toast';
import { reverseGeocode } from '../api/profile';
import { formatPlace, GEOLOCATION_OPTIONS, geolocationErrorMessage } from '../lib/geolocation';

function failed(description: string) {
  toast({ title: 'Location detection failed', description, variant: 'destructive' });
}

/** Where the device is: latitude and longitude in degrees. */
export interface DevicePoint {
  lat: number;
  lng: number;
}

/**
 * "Detect my location" (spec 000 §5, §8): the browser's position (high accuracy, 10 s timeout, up to 5 minutes
 * old), asked only when the button is tapped, then the server's offline lookup, giving 'City, CC' and the
 * position itself (saved with the profile, API.md "Nearby"). Every failure has its toast.
 */
export function useDetectLocation(onDetected: (location: string, position: DevicePoint) => void) {
  const [detecting, setDetecting] = useState(false);

  const detect = useCallback(() => {
    const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geolocation) {
      toast({
        title: 'Location not supported',
        description: "Your browser doesn't support location detection",
        variant: 'destructive',
      });
      return;
    }
    setDetecting(true);
    geolocation.getCurrentPosition(
      (position) => {
        reverseGeocode(position.coords.latitude, position.coords.longitude).then(
          (place) => {
            const location = formatPlace(place);
            onDetected(location, { lat: position.coords.latitude, lng: position.coords.longitude });
            setDetecting(false);
            toast({ title: 'Location detected', description: location, variant: 'success' });
          },
          (error: unknown) => {
            console.error('Reverse geocoding failed', error);
            setDetecting(false);
            failed(geolocationErrorMessage(null));
          },
        );
      },
      (error) => {
        setDetecting(false);
        failed(geolocationErrorMessage(error.code));
      },
      GEOLOCATION_OPTIONS,
    );
  }, [onDetected]);

  return { detect, detecting };
}
