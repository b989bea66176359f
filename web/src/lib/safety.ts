import { createContext, useContext } from 'react';

/**
 * Block and Report from anywhere (issue 18, shared/API.md "Safety"). The safety area owns the dialogs and the
 * calls; the areas that show a person, a project, a message or a feedback item only ask for them through this
 * context, which the signed-in app provides (src/app/routes.tsx). Features do not import each other, and these
 * entry points sit deep inside other areas' screens (a chat header, a message, a feedback thread), so they meet
 * here rather than through props. Without a provider (signed out, or a feature's own tests) `useSafety()` is null
 * and the entry points are not shown.
 */

/** A person someone may block or report. */
export interface SafetyPerson {
  id: number;
  firstName: string;
  lastName: string;
}

/** Something that can be reported, with the words that name it in the dialog's title ("Report …"). */
export type ReportTarget =
  | { type: 'user'; id: number; name: string }
  | { type: 'project'; id: number; title: string }
  | { type: 'message'; id: number; senderName: string }
  | { type: 'feedback'; id: number; authorName: string };

export interface BlockOptions {
  /** Called once the block went through (a chat closes itself: the person is gone from it). */
  onBlocked?: () => void;
}

export interface SafetyActions {
  /** Opens the Report dialog for this target. */
  report: (target: ReportTarget) => void;
  /** Opens the Block confirm for this person. */
  block: (person: SafetyPerson, options?: BlockOptions) => void;
  /** Opens a person's "More" menu: Block and Report. */
  personMenu: (person: SafetyPerson, options?: BlockOptions) => void;
}

export const SafetyContext = createContext<SafetyActions | null>(null);

/** Block and Report, or null where the app does not offer them (signed out, a feature's own tests). */
export function useSafety(): SafetyActions | null {
  return useContext(SafetyContext);
}

/** "Ada Lovelace", or the first name alone when there is no last name. */
export function safetyPersonName(person: SafetyPerson): string {
  return `${person.firstName} ${person.lastName}`.trim();
}
