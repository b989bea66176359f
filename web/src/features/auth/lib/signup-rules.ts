/**
 * The sign-up wizard's rules (spec 000 §4, §5) as zod schemas, one per step, for react-hook-form
 * (`signupResolver`). The spec shows a failed step as one toast, chosen by a fixed order: every rule's message is
 * the description of its toast, and `firstProblem` picks the first broken rule in the spec's order.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
import * as z from 'zod/mini';
import { ROLES, type Role } from '@/lib/roles';
import { isPasswordStrongEnough, WEAK_PASSWORD_PROBLEM } from './password-strength';

export interface StepProblem {
  title: string;
  description: string;
}

export const EMAIL_TAKEN_MESSAGE = 'Email already exists. Please use a different email or try logging in.';
export const USERNAME_TAKEN_MESSAGE = 'Username already taken. Please choose a different username.';

const MISSING_BASICS: StepProblem = {
  title: 'Missing Information',
  description: 'Please fill in all fields before proceeding to the next step.',
};
const EMAIL_ISSUE: StepProblem = { title: 'Email Issue', description: EMAIL_TAKEN_MESSAGE };
const USERNAME_ISSUE: StepProblem = { title: 'Username Issue', description: USERNAME_TAKEN_MESSAGE };
const MISSING_PROFILE: StepProblem = {
  title: 'Missing Information',
  description: 'Please fill in all fields and add at least one skill before proceeding.',
};
const MISSING_ROLE: StepProblem = {
  title: 'Missing Information',
  description: 'Please complete all fields.',
};

/** The toasts of the wizard, in the order the spec checks them: the first one broken is shown. */
export const SIGNUP_PROBLEMS: readonly StepProblem[] = [
  MISSING_BASICS,
  EMAIL_ISSUE,
  USERNAME_ISSUE,
  WEAK_PASSWORD_PROBLEM,
  MISSING_PROFILE,
  MISSING_ROLE,
];

export type SignupRole = Role;
export type SignupStep = 1 | 2 | 3;

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

export interface SignupValues extends BasicDetails, ProfileDetails {
  role: Role;
}

export const EMPTY_SIGNUP: SignupValues = {
  firstName: '',
  lastName: '',
  email: '',
  username: '',
  password: '',
  location: '',
  bio: '',
  skills: [],
  role: 'explorer',
};

export interface AvailabilityFlags {
  emailTaken: boolean;
  usernameTaken: boolean;
}

/** What the rules of a step depend on besides the values: the step, and what the availability checks found. */
export interface SignupContext extends AvailabilityFlags {
  step: SignupStep;
}

const notBlank = (value: string) => value.trim() !== '';
const filled = (problem: StepProblem) => z.string().check(z.refine(notBlank, problem.description));

/**
 * The rules of one step. Fields of the other steps are only typed: each step checks its own (spec 000 §4: step 1
 * needs all five fields, free names and a password scoring 3; step 2 location, bio and a skill; step 3 a username
 * and a role).
 */
export function signupStepSchema({ step, emailTaken, usernameTaken }: SignupContext) {
  const text = z.string();
  const basics = step === 1;
  return z.object({
    firstName: basics ? filled(MISSING_BASICS) : text,
    lastName: basics ? filled(MISSING_BASICS) : text,
    email: basics ? filled(MISSING_BASICS).check(z.refine(() => !emailTaken, EMAIL_ISSUE.description)) : text,
    username: basics
      ? filled(MISSING_BASICS).check(z.refine(() => !usernameTaken, USERNAME_ISSUE.description))
      : step === 3
        ? filled(MISSING_ROLE)
        : text,
    password: basics
      ? filled(MISSING_BASICS).check(z.refine(isPasswordStrongEnough, WEAK_PASSWORD_PROBLEM.description))
      : text,
    location: step === 2 ? filled(MISSING_PROFILE) : text,
    bio: step === 2 ? filled(MISSING_PROFILE) : text,
    skills:
      step === 2
        ? z.array(z.string()).check(z.minLength(1, MISSING_PROFILE.description))
        : z.array(z.string()),
    role: z.enum(ROLES as [Role, ...Role[]], MISSING_ROLE.description),
  });
}

/**
 * react-hook-form's resolver for the wizard: the rules of the step `context()` names at validation time (the
 * step on screen and what the availability checks found by then).
 */
export function signupResolver(context: () => SignupContext): Resolver<SignupValues> {
  return (values, resolverContext, options) =>
    zodResolver(signupStepSchema(context()), undefined, { mode: 'sync' })(values, resolverContext, options);
}

/** The toast for a set of broken rules (their messages), or null when none is broken. */
export function firstProblem(messages: Iterable<string | undefined>): StepProblem | null {
  const broken = new Set(messages);
  return SIGNUP_PROBLEMS.find((problem) => broken.has(problem.description)) ?? null;
}

/** The messages of react-hook-form's field errors. */
export function errorMessages(errors: FieldErrors): string[] {
  return Object.values(errors).flatMap((error) =>
    error && typeof error.message === 'string' ? [error.message] : [],
  );
}

function check(values: SignupValues, context: SignupContext): StepProblem | null {
  const result = signupStepSchema(context).safeParse(values);
  return result.success ? null : firstProblem(result.error.issues.map((issue) => issue.message));
}

/** The toast for step 1, or null when it may be left. */
export function checkBasicDetails(values: BasicDetails, flags: AvailabilityFlags): StepProblem | null {
  return check({ ...EMPTY_SIGNUP, ...values }, { step: 1, ...flags });
}

/** The toast for step 2, or null when it may be left. */
export function checkProfileDetails(values: ProfileDetails): StepProblem | null {
  return check({ ...EMPTY_SIGNUP, ...values }, { step: 2, emailTaken: false, usernameTaken: false });
}

/** The toast for step 3, or null when the account may be created. */
export function checkRoleStep(username: string, role: SignupRole | null | undefined): StepProblem | null {
  const values = { ...EMPTY_SIGNUP, username, role } as SignupValues;
  return check(values, { step: 3, emailTaken: false, usernameTaken: false });
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
