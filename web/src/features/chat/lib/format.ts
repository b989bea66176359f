/** Display helpers of the chat: times, days, names, files. */

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** '14:05': the time a message was sent, in the reader's time zone. */
export function messageTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

/** The day separator of a thread: 'Today', 'Yesterday', a weekday within the week, else the date. */
export function dayLabel(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (sameDay(date, now)) return 'Today';
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (sameDay(date, yesterday)) return 'Yesterday';
  const days = (now.getTime() - date.getTime()) / 86_400_000;
  if (days < 7 && days > 0) return date.toLocaleDateString(undefined, { weekday: 'long' });
  return date.toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'long',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
}

/** A key that is the same for two times on the same local day. */
export function dayKey(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
}

/** The time of a list entry: '14:05' today, 'Yesterday', a short date otherwise. */
export function listTime(iso: string | null | undefined, now: Date = new Date()): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (sameDay(date, now)) return messageTime(iso);
  const label = dayLabel(iso, now);
  return label === 'Yesterday'
    ? label
    : date.toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
}

/** 'Ada Lovelace', or the fallback when both names are blank. */
export function fullName(
  first: string | null | undefined,
  last: string | null | undefined,
  fallback = '',
): string {
  return `${first ?? ''} ${last ?? ''}`.trim() || fallback;
}

/** 'Technology': a category capitalised (spec 000 §2 project list). */
export function capitalise(text: string): string {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** '1.2k' from 1200; counts under a thousand as they are. */
export function compactCount(count: number): string {
  if (count < 1000) return String(count);
  const thousands = count / 1000;
  return `${thousands >= 10 ? Math.round(thousands) : Math.round(thousands * 10) / 10}k`;
}

/** '1 member', '845 members'. */
export function membersLabel(count: number): string {
  return `${compactCount(count)} ${count === 1 ? 'member' : 'members'}`;
}

/** A file's extension in capitals ('PDF'), or 'FILE'. */
export function fileExtension(name: string | null | undefined): string {
  const match = /\.([a-z0-9]{1,5})$/i.exec(name ?? '');
  return match?.[1] ? match[1].toUpperCase() : 'FILE';
}

/** '0:07', '12:30': a duration in seconds. */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
