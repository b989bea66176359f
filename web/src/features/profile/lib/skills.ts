import { SKILLS_CATALOGUE } from './skills-catalogue';

/** spec 000 §9: up to 5 suggestions. */
export const SKILL_SUGGESTIONS = 5;
/** The server's limits (a skill of at most 40 characters, at most 30 skills). */
export const SKILL_MAX_LENGTH = 40;
export const SKILLS_MAX = 30;

const same = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/**
 * Suggestions for what is typed (spec 000 §5): catalogue skills containing it (case-insensitive), not already
 * chosen, at most 5. Nothing typed, nothing suggested.
 */
export function suggestSkills(
  typed: string,
  chosen: readonly string[],
  catalogue: readonly string[] = SKILLS_CATALOGUE,
): string[] {
  const needle = typed.trim().toLocaleLowerCase();
  if (!needle) return [];
  return catalogue
    .filter((skill) => skill.toLocaleLowerCase().includes(needle) && !chosen.some((c) => same(c, skill)))
    .slice(0, SKILL_SUGGESTIONS);
}

/**
 * Whether to offer '+ Add' for what is typed: non-empty after trimming, not already chosen, and not exactly a
 * suggestion (that one is offered already).
 */
export function canAddCustom(
  typed: string,
  chosen: readonly string[],
  suggestions: readonly string[],
): boolean {
  const skill = typed.trim();
  return skill !== '' && !chosen.some((c) => same(c, skill)) && !suggestions.some((s) => same(s, skill));
}

/** Adds a skill if it is non-empty after trimming and not already present (spec 000 §5). */
export function addSkill(skills: readonly string[], raw: string): string[] {
  const skill = raw.trim().slice(0, SKILL_MAX_LENGTH);
  if (!skill || skills.some((s) => same(s, skill)) || skills.length >= SKILLS_MAX) return [...skills];
  return [...skills, skill];
}

/** Removes a chosen skill (clicking it, spec 000 §5). */
export function removeSkill(skills: readonly string[], skill: string): string[] {
  return skills.filter((s) => s !== skill);
}
