/**
 * The sign-up wizard's step rules (spec 000 §4, §5). Each returns the toast to show, or null when
 * the step may be left. Rules are checked in the spec's order and the first failure wins.
 */
import { isPasswordStrongEnough, WEAK_PASSWORD_PROBLEM } from './password-strength';

export interface StepProblem {
  title: string;
  description: string;
}

export const EMAIL_TAKEN_MESSAGE = 'Email already exists. Please use a different email or try logging in.';
export const USERNAME_TAKEN_MESSAGE = 'Username already taken. Please choose a different username.';

export type SignupRole = 'explorer' | 'collaborator' | 'innovator' | 'investor';

export interface BasicDetails {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  password: string;
}

export interface ProfileDetails {
  location: string;
  bio: string;
  skills: string[];
}

export interface AvailabilityFlags {
  emailTaken: boolean;
  usernameTaken: boolean;
}

export function checkBasicDetails(values: BasicDetails, flags: AvailabilityFlags): StepProblem | null {
  const fields = [values.firstName, values.lastName, values.email, values.username, values.password];
  if (fields.some((field) => field.trim() === '')) {
    return {
      title: 'Missing Information',
      description: 'Please fill in all fields before proceeding to the next step.',
    };
  }
  if (flags.emailTaken) return { title: 'Email Issue', description: EMAIL_TAKEN_MESSAGE };
  if (flags.usernameTaken) return { title: 'Username Issue', description: USERNAME_TAKEN_MESSAGE };
  if (!isPasswordStrongEnough(values.password)) return { ...WEAK_PASSWORD_PROBLEM };
  return null;
}

export function checkProfileDetails(values: ProfileDetails): StepProblem | null {
  if (values.location.trim() === '' || values.bio.trim() === '' || values.skills.length === 0) {
    return {
      title: 'Missing Information',
      description: 'Please fill in all fields and add at least one skill before proceeding.',
    };
  }
  return null;
}

export function checkRoleStep(username: string, role: SignupRole | null | undefined): StepProblem | null {
  if (username.trim() === '' || !role) {
    return { title: 'Missing Information', description: 'Please complete all fields.' };
  }
  return null;
}

/** Adds a skill if it is non-empty after trimming and not already present (case-insensitive). */
export function addSkill(skills: string[], raw: string): string[] {
  const skill = raw.trim();
  if (skill === '') return skills;
  const lower = skill.toLowerCase();
  if (skills.some((s) => s.toLowerCase() === lower)) return skills;
  return [...skills, skill];
}

export function removeSkill(skills: string[], skill: string): string[] {
  return skills.filter((s) => s !== skill);
}
