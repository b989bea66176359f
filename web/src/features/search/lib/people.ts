import type { Person, SearchProject } from '../api/types';

/** A result card shows this many skills, then '+N' (spec 001 §2.2, §9). */
export const CARD_SKILL_LIMIT = 3;

/** The skills a card shows and how many more there are: ['A', 'B', 'C', 'D'] → { shown: ['A', 'B', 'C'], more: 1 }. */
export function cardSkills(
  skills: readonly string[],
  limit = CARD_SKILL_LIMIT,
): { shown: string[]; more: number } {
  const clean = skills.map((skill) => skill.trim()).filter(Boolean);
  return { shown: clean.slice(0, limit), more: Math.max(0, clean.length - limit) };
}

/** 'Ada Lovelace', or the username when the name is blank. */
export function personName(person: Pick<Person, 'firstName' | 'lastName' | 'username'>): string {
  return `${person.firstName} ${person.lastName}`.trim() || person.username;
}

/** The owner's name on a project card ('Grace Hopper', else 'Someone'). */
export function ownerName(
  project: Pick<SearchProject, 'ownerName' | 'ownerFirstName' | 'ownerLastName'>,
): string {
  return (
    project.ownerName?.trim() || `${project.ownerFirstName} ${project.ownerLastName}`.trim() || 'Someone'
  );
}
