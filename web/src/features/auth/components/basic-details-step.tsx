import { useFormContext, useWatch } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { AvailabilityStatus } from '../hooks/use-availability';
import { EMAIL_TAKEN_MESSAGE, USERNAME_TAKEN_MESSAGE, type SignupValues } from '../lib/signup-rules';
import { AvailabilityHint } from './availability-hint';
import { PasswordInput } from '@/components/ui/password-input';
import { StrengthMeter } from './strength-meter';

export interface BasicDetailsStepProps {
  emailStatus: AvailabilityStatus;
  usernameStatus: AvailabilityStatus;
}

/** Step 1, 'BASIC DETAILS': names, email and username (checked as you type), password with its meter. */
export function BasicDetailsStep({ emailStatus, usernameStatus }: BasicDetailsStepProps) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<SignupValues>();
  const password = useWatch({ control, name: 'password' });

  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3">
        <FormField id="signup-first-name" label="First name" invalid={Boolean(errors.firstName)}>
          <Input autoComplete="given-name" {...register('firstName')} />
        </FormField>
        <FormField id="signup-last-name" label="Last name" invalid={Boolean(errors.lastName)}>
          <Input autoComplete="family-name" {...register('lastName')} />
        </FormField>
      </div>
      {/* Checked for availability as you type: invalid while taken, described by the status line under it. */}
      <FormField
        id="signup-email"
        label="Email"
        invalid={emailStatus === 'taken' || Boolean(errors.email)}
        hint={
          <AvailabilityHint
            status={emailStatus}
            availableText="Email available"
            takenText={EMAIL_TAKEN_MESSAGE}
          />
        }
      >
        <Input
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com"
          {...register('email')}
        />
      </FormField>
      <FormField
        id="signup-username"
        label="Username"
        invalid={usernameStatus === 'taken' || Boolean(errors.username)}
        hint={
          <AvailabilityHint
            status={usernameStatus}
            availableText="Username available"
            takenText={USERNAME_TAKEN_MESSAGE}
          />
        }
      >
        <Input
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          {...register('username')}
        />
      </FormField>
      <FormField
        id="signup-password"
        label="Password"
        invalid={Boolean(errors.password)}
        hint={<StrengthMeter password={password} />}
      >
        <PasswordInput autoComplete="new-password" {...register('password')} />
      </FormField>
    </div>
  );
}
