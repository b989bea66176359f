import type { PlaceAnswer } from '../api/profile';

/** spec 000 §5, §9: high accuracy, a 10-second timeout, a cached position up to 5 minutes old. */
export const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 300_000,
};

/** The description of 'Location detection failed' for a geolocation error code (spec 000 §8). */
export function geolocationErrorMessage(code: number | null): string {
  switch (code) {
    case 1:
      return 'Location access denied. Please enable location permissions.';
    case 2:
      return 'Location information unavailable.';
    case 3:
      return 'Location request timed out.';
    default:
      return 'Failed to detect location';
  }
}

/** 'city or locality, country code', with the fallbacks 'Unknown City' and 'Unknown Country' (spec 000 §5). */
export function formatPlace(place: Pick<PlaceAnswer, 'city' | 'countryCode'>): string {
  return `${place.city?.trim() || 'Unknown City'}, ${place.countryCode?.trim() || 'Unknown Country'}`;
}
