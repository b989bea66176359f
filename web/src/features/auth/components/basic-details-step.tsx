import { Input } from '@/components/ui/input';
import type { AvailabilityStatus } from '../hooks/use-availability';
import { EMAIL_TAKEN_MESSAGE, USERNAME_TAKEN_MESSAGE, type BasicDetails } from '../lib/signup-rules';
import { AvailabilityHint } from './availability-hint';
import { Field } from './field';
import { PasswordInput } from './password-input';
import { StrengthMeter } from './strength-meter';

export interface BasicDetailsStepProps {
  values: BasicDetails;
  onChange: (patch: Partial<BasicDetails>) => void;
  emailStatus: AvailabilityStatus;
  usernameStatus: AvailabilityStatus;
}

/** Step 1, 'BASIC DETAILS': names, email and username (checked as you type), password with its meter. */
export function BasicDetailsStep({ values, onChange, emailStatus, usernameStatus }: BasicDetailsStepProps) {
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3">
        <Field id="signup-first-name" label="First name">
          <Input
            id="signup-first-name"
            autoComplete="given-name"
            value={values.firstName}
            onChange={(e) => onChange({ firstName: e.target.value })}
          />
        </Field>
        <Field id="signup-last-name" label="Last name">
          <Input
            id="signup-last-name"
            autoComplete="family-name"
            value={values.lastName}
            onChange={(e) => onChange({ lastName: e.target.value })}
          />
        </Field>
      </div>
      <Field
        id="signup-email"
        label="Email"
        hint={
          <AvailabilityHint
            id="signup-email-status"
            status={emailStatus}
            availableText="Email available"
            takenText={EMAIL_TAKEN_MESSAGE}
          />
        }
      >
        <Input
          id="signup-email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com"
          value={values.email}
          aria-invalid={emailStatus === 'taken' || undefined}
          aria-describedby="signup-email-status"
          onChange={(e) => onChange({ email: e.target.value })}
        />
      </Field>
      <Field
        id="signup-username"
        label="Username"
        hint={
          <AvailabilityHint
            id="signup-username-status"
            status={usernameStatus}
            availableText="Username available"
            takenText={USERNAME_TAKEN_MESSAGE}
          />
        }
      >
        <Input
          id="signup-username"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          value={values.username}
          aria-invalid={usernameStatus === 'taken' || undefined}
          aria-describedby="signup-username-status"
          onChange={(e) => onChange({ username: e.target.value })}
        />
      </Field>
      <Field
        id="signup-password"
        label="Password"
        hint={<StrengthMeter id="signup-password-strength" password={values.password} />}
      >
        <PasswordInput
          id="signup-password"
          autoComplete="new-password"
          value={values.password}
          aria-describedby="signup-password-strength"
          onChange={(e) => onChange({ password: e.target.value })}
        />
      </Field>
    </div>
  );
}
