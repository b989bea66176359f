/** The login form's and the reset dialogs' rules (spec 000 §5) as zod schemas for react-hook-form. */
import * as z from 'zod/mini';
import { isPasswordStrongEnough, WEAK_PASSWORD_PROBLEM } from './password-strength';

const notBlank = (value: string) => value.trim() !== '';

export const MISSING_LOGIN = {
  title: 'Missing Information',
  description: 'Please enter both username and password.',
} as const;

/** Login: username and password are both required (blank after trimming counts as missing). */
export const loginSchema = z.object({
  username: z.string().check(z.refine(notBlank, MISSING_LOGIN.description)),
  password: z.string().check(z.refine(notBlank, MISSING_LOGIN.description)),
  rememberMe: z.boolean(),
});
export type LoginValues = z.infer<typeof loginSchema>;

export const FORGOT_PASSWORD_REQUIRED = 'Please enter your email address or username.';

/** Forgot password: the one field is required. */
export const forgotPasswordSchema = z.object({
  emailOrUsername: z.string().check(z.refine(notBlank, FORGOT_PASSWORD_REQUIRED)),
});
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

export const PASSWORDS_DIFFER = 'Passwords do not match';

/** Choose a new password: the sign-up strength rule, and the same password twice. */
export const newPasswordSchema = z
  .object({
    password: z.string().check(z.refine(isPasswordStrongEnough, WEAK_PASSWORD_PROBLEM.description)),
    confirm: z.string(),
  })
  .check(
    z.refine((values) => values.confirm === values.password, {
      message: PASSWORDS_DIFFER,
      path: ['confirm'],
    }),
  );
export type NewPasswordValues = z.infer<typeof newPasswordSchema>;
