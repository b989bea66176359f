import type { ReportTarget } from '@/lib/safety';
import type { ReportTargetType } from '../api/safety';

/** The longest reason a report takes (shared/API.md "Safety": 1-1000 characters). */
export const REASON_MAX = 1000;

/** What each kind of target is called on a badge. */
export const TARGET_LABELS: Record<ReportTargetType, string> = {
  user: 'Person',
  project: 'Project',
  message: 'Message',
  feedback: 'Feedback',
};

/** The Report dialog's title, naming what is reported. */
export function reportTitle(target: ReportTarget): string {
  switch (target.type) {
    case 'user':
      return `Report ${target.name.trim() || 'this person'}`;
    case 'project':
      return `Report ${target.title.trim() || 'this project'}`;
    case 'message':
      return 'Report message';
    case 'feedback':
      return 'Report feedback';
  }
}

/** The line under the title: whose content it is. */
export function reportSubject(target: ReportTarget): string {
  switch (target.type) {
    case 'user':
      return 'A person';
    case 'project':
      return 'A project';
    case 'message':
      return target.senderName.trim() ? `A message from ${target.senderName.trim()}` : 'A message';
    case 'feedback':
      return target.authorName.trim() ? `Feedback from ${target.authorName.trim()}` : 'Feedback';
  }
}

/** "Ada Lovelace" from a card's parts, never blank. */
export function fullName(person: { firstName: string; lastName: string } | null | undefined): string {
  if (!person) return 'Someone';
  return `${person.firstName} ${person.lastName}`.trim() || 'Someone';
}

/** The first name to address someone by ("Block Ada?"), never blank. */
export function firstNameOf(person: { firstName: string; lastName: string }): string {
  return person.firstName.trim() || person.lastName.trim() || 'this person';
}

const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const TIME = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

/** "23 Nov 2026, 14:05" (an invalid time reads as it came). */
export function dateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_TIME.format(date);
}

/** "14:05" (an invalid time reads as it came). */
export function timeOfDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : TIME.format(date);
}
