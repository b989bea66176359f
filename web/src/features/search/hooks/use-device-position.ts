import { useCallback, useEffect, useRef, useState } from 'react';
import type { Position } from '../api/types';

/** spec 001 §9: a 10-second timeout and a cached position up to 5 minutes old. */
export const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: false,
  timeout: 10_000,
  maximumAge: 300_000,
};

export type DevicePosition =
  | { status: 'idle'; position: null }
  | { status: 'locating'; position: null }
  | { status: 'located'; position: Position }
  | { status: 'unavailable'; position: null }
  | { status: 'unsupported'; position: null };

/**
 * The device's position, asked for only when the person taps to use it (never when the screen opens: until then
 * distances are measured from their profile, API.md "Nearby"). A refusal, a timeout or no fix is 'unavailable'
 * ('Location access denied or unavailable', logged); no Geolocation API is 'unsupported' ('Geolocation not
 * supported', logged only: spec 001 §8). `onLocated` hears each fix, to save it.
 */
export function useDevicePosition(
  onLocated?: (position: Position) => void,
): DevicePosition & { locate: () => void } {
  const supported = typeof navigator !== 'undefined' && 'geolocation' in navigator && !!navigator.geolocation;
  const [state, setState] = useState<DevicePosition>(() =>
    supported ? { status: 'idle', position: null } : { status: 'unsupported', position: null },
  );
  const live = useRef(true);
  const heard = useRef(onLocated);
  useEffect(() => {
    heard.current = onLocated;
  }, [onLocated]);

  useEffect(() => {
    live.current = true;
    if (!supported) console.info('Geolocation not supported');
    return () => {
      live.current = false;
    };
  }, [supported]);

  const locate = useCallback(() => {
    if (!supported) return;
    setState({ status: 'locating', position: null });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        if (!live.current) return;
        const position = { lat: coords.latitude, lng: coords.longitude };
        setState({ status: 'located', position });
        heard.current?.(position);
      },
      (error) => {
        console.info('Location access denied or unavailable', error.code);
        if (live.current) setState({ status: 'unavailable', position: null });
      },
      GEOLOCATION_OPTIONS,
    );
  }, [supported]);

  return { ...state, locate };
}
