/**
 * Password strength (spec 000 §4, §9): one point each for length >= 8, a lowercase letter,
 * an uppercase letter, a digit and one of the symbols @$!%*?&. A score of 3 is needed to
 * leave the first sign-up step.
 */
export type StrengthScore = 0 | 1 | 2 | 3 | 4 | 5;
export type StrengthTone = 'red' | 'yellow' | 'blue' | 'green';

export const MIN_PASSWORD_LENGTH = 8;
export const REQUIRED_PASSWORD_SCORE = 3;
export const STRENGTH_SEGMENTS = 5;

export function passwordScore(password: string): StrengthScore {
  let score = 0;
  if (password.length >= MIN_PASSWORD_LENGTH) score += 1;
  if (/[a-z]/.test(password)) score += 1;
  if (/[A-Z]/.test(password)) score += 1;
  if (/\d/.test(password)) score += 1;
  if (/[@$!%*?&]/.test(password)) score += 1;
  return score as StrengthScore;
}

/** Meter colour: red for 2 or less, yellow for 3, blue for 4, green for 5. */
export function strengthTone(score: number): StrengthTone {
  if (score <= 2) return 'red';
  if (score === 3) return 'yellow';
  if (score === 4) return 'blue';
  return 'green';
}

/** The spec's wording, kept exactly (including the gap before 'lowercase'). */
export function strengthMessage(score: number): string {
  if (score <= 1) return 'Very weak - needs , lowercase, numbers, and symbols';
  if (score === 2) return 'Weak - missing some required character types';
  if (score === 3) return 'Moderate - add more character types';
  if (score === 4) return 'Strong - meets most requirements';
  return 'Very strong - meets all requirements';
}

/** The toast for a password scoring below REQUIRED_PASSWORD_SCORE (spec 000 §5, kept exactly). */
export const WEAK_PASSWORD_PROBLEM = {
  title: 'Password Too Weak',
  description: 'Password must be at least 8 characters with , lowercase, numbers, and symbols.',
} as const;

export function isPasswordStrongEnough(password: string): boolean {
  return passwordScore(password) >= REQUIRED_PASSWORD_SCORE;
}
