/** How much of an update shows before it is opened (spec 001 §2.1, §9). */
export const UPDATE_PREVIEW_CHARS = 100;

/**
 * The first `limit` characters of `text` with an ellipsis when there is more (spec 001 §2.1 Updates). Counted in
 * characters as people see them (code points), so an emoji is never cut in half.
 */
export function previewText(
  text: string,
  limit = UPDATE_PREVIEW_CHARS,
): { text: string; truncated: boolean } {
  const chars = Array.from(text);
  if (chars.length <= limit) return { text, truncated: false };
  return { text: `${chars.slice(0, limit).join('')}...`, truncated: true };
}

/** A date as people read it here: '3 Mar 2026'. An unreadable value gives ''. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

/** '1 supporter', '12 supporters'. */
export function supportersText(count: number): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? 'supporter' : 'supporters'}`;
}
