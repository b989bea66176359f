/** '3 Mar 2025' (the app's locale is en-GB, as the journeys run it). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

/** The update preview of spec 001 §2.1, §9: 100 characters, then an ellipsis. */
export const PREVIEW_CHARS = 100;
export function preview(text: string, max = PREVIEW_CHARS): { text: string; cut: boolean } {
  if (text.length <= max) return { text, cut: false };
  return { text: `${text.slice(0, max).trimEnd()}…`, cut: true };
}
