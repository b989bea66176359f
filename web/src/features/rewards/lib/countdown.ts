/** The scratch card comes back 24 hours after the last scratch (spec 000 §4, §9). */
export const SCRATCH_COOLDOWN_MS = 24 * 60 * 60 * 1000;

/** When the next card is ready: 24 h after `lastScratchDate`, or null without one (or with an unreadable one). */
export function nextScratchTime(lastScratchDate: string | null | undefined): number | null {
  if (!lastScratchDate) return null;
  const last = Date.parse(lastScratchDate);
  return Number.isNaN(last) ? null : last + SCRATCH_COOLDOWN_MS;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * The countdown as the card shows it (spec 000 §4, format hh mm ss): `23h 05m 09s`. Whole seconds, rounded up,
 * so it reads `00h 00m 01s` until the very end and never shows zero while time remains; negative is zero.
 */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return `${pad(hours)}h ${pad(minutes)}m ${pad(seconds)}s`;
}

/** The same for a screen reader: "23 hours, 5 minutes and 9 seconds". */
export function describeCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const parts: [number, string][] = [
    [Math.floor(total / 3600), 'hour'],
    [Math.floor((total % 3600) / 60), 'minute'],
    [total % 60, 'second'],
  ];
  const words = parts.map(([n, unit]) => `${n} ${unit}${n === 1 ? '' : 's'}`);
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}
