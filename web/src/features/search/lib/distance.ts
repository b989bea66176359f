/**
 * A distance as people read it (spec 001 §9): metres under 1 km, one decimal under 10 km, otherwise whole
 * kilometres: 0.35 → '350 m', 2.44 → '2.4 km', 12.6 → '13 km'. Unknown or unreadable gives null.
 */
export function formatDistance(km: number | null | undefined): string | null {
  if (km === null || km === undefined || !Number.isFinite(km) || km < 0) return null;
  if (km < 1) {
    const metres = Math.round(km * 1000);
    // 999.6 m rounds up to a whole kilometre, which reads better as '1.0 km'.
    return metres >= 1000 ? '1.0 km' : `${metres} m`;
  }
  if (km < 10) {
    const tenths = Math.round(km * 10) / 10;
    return tenths >= 10 ? '10 km' : `${tenths.toFixed(1)} km`;
  }
  return `${Math.round(km)} km`;
}
