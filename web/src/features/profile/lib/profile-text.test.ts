import { describe, expect, it } from 'vitest';
import { displayBio, displayLocation, fullName, profileLink } from './profile-text';
import { formatPlace, geolocationErrorMessage } from './geolocation';

describe('profile fallbacks', () => {
  it('shows the spec’s fallbacks for a missing or blank location and bio', () => {
    expect(displayLocation(null)).toBe('Location not set');
    expect(displayLocation('  ')).toBe('Location not set');
    expect(displayLocation('Leeds, GB')).toBe('Leeds, GB');
    expect(displayBio(null)).toBe('Building the future, one project at a time.');
    expect(displayBio('')).toBe('Building the future, one project at a time.');
    expect(displayBio('Hello')).toBe('Hello');
  });

  it('names a person, or falls back to the username', () => {
    expect(fullName({ firstName: 'Ada', lastName: 'Lovelace', username: 'ada' })).toBe('Ada Lovelace');
    expect(fullName({ firstName: '', lastName: '', username: 'ada' })).toBe('ada');
  });

  it('builds the connect link', () => {
    expect(profileLink('https://grow.example', 'k3J9-x_Qa')).toBe(
      'https://grow.example/profile?connect=k3J9-x_Qa',
    );
    expect(profileLink('https://grow.example', null)).toBeNull();
  });
});

describe('location detection', () => {
  it('formats the place with its fallbacks', () => {
    expect(formatPlace({ city: 'Leeds', countryCode: 'GB' })).toBe('Leeds, GB');
    expect(formatPlace({ city: null, countryCode: 'FR' })).toBe('Unknown City, FR');
    expect(formatPlace({ city: null, countryCode: null })).toBe('Unknown City, Unknown Country');
  });

  it('says why detection failed', () => {
    expect(geolocationErrorMessage(1)).toBe('Location access denied. Please enable location permissions.');
    expect(geolocationErrorMessage(2)).toBe('Location information unavailable.');
    expect(geolocationErrorMessage(3)).toBe('Location request timed out.');
    expect(geolocationErrorMessage(null)).toBe('Failed to detect location');
  });
});
