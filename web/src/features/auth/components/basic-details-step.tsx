import { Input, type InputProps } from '@/components/ui/input';
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
      <AvailabilityField
        id="signup-email"
        label="Email"
        status={emailStatus}
        availableText="Email available"
        takenText={EMAIL_TAKEN_MESSAGE}
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="you@example.com"
        value={values.email}
        onChange={(e) => onChange({ email: e.target.value })}
      />
      <AvailabilityField
        id="signup-username"
        label="Username"
        status={usernameStatus}
        availableText="Username available"
        takenText={USERNAME_TAKEN_MESSAGE}
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        value={values.username}
        onChange={(e) => onChange({ username: e.target.value })}
      />
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

/**
 * A field checked for availability as you type (email, username): the input is marked invalid while the
 * value is taken and described by the status line under it (`${id}-status`).
 */
function AvailabilityField({
  id,
  label,
  status,
  availableText,
  takenText,
  ...inputProps
}: Omit<InputProps, 'id' | 'aria-invalid' | 'aria-describedby'> & {
  id: string;
  label: string;
  status: AvailabilityStatus;
  availableText: string;
  takenText: string;
}) {
  const statusId = `${id}-status`;
  return (
    <Field
      id={id}
      label={label}
      hint={
        <AvailabilityHint id={statusId} status={status} availableText={availableText} takenText={takenText} />
      }
    >
      <Input
        id={id}
        {...inputProps}
        aria-invalid={status === 'taken' || undefined}
        aria-describedby={statusId}
      />
    </Field>
  );
}
