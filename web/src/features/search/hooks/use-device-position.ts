import { useEffect, useState } from 'react';
import type { Position } from '../api/types';

/** spec 001 §9: a 10-second timeout and a cached position up to 5 minutes old. */
export const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: false,
  timeout: 10_000,
  maximumAge: 300_000,
};

export type DevicePosition =
  | { status: 'locating'; position: null }
  | { status: 'located'; position: Position }
  | { status: 'unavailable'; position: null }
  | { status: 'unsupported'; position: null };

/**
 * The device's position, asked for once when the screen opens (spec 001 §4: people are ordered by distance when
 * it is known). A refusal, a timeout or no fix is 'unavailable' ('Location access denied or unavailable', logged);
 * no Geolocation API is 'unsupported' ('Geolocation not supported', logged only: spec 001 §8).
 */
export function useDevicePosition(): DevicePosition {
  const supported = typeof navigator !== 'undefined' && 'geolocation' in navigator && !!navigator.geolocation;
  const [state, setState] = useState<DevicePosition>(() =>
    supported ? { status: 'locating', position: null } : { status: 'unsupported', position: null },
  );

  useEffect(() => {
    if (!supported) {
      console.info('Geolocation not supported');
      return;
    }
    let live = true;
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        if (live) setState({ status: 'located', position: { lat: coords.latitude, lng: coords.longitude } });
      },
      (error) => {
        console.info('Location access denied or unavailable', error.code);
        if (live) setState({ status: 'unavailable', position: null });
      },
      GEOLOCATION_OPTIONS,
    );
    return () => {
      live = false;
    };
  }, [supported]);

  return state;
}
