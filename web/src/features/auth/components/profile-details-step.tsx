import { Controller, useFormContext } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { SignupValues } from '../lib/signup-rules';
import { SkillsInput } from './skills-input';

/** Step 2, 'PROFILE DETAILS': location, a short bio and at least one skill. */
export function ProfileDetailsStep() {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<SignupValues>();

  return (
    <div className="flex flex-col gap-4">
      <FormField id="signup-location" label="Location" invalid={Boolean(errors.location)}>
        <Input autoComplete="address-level2" placeholder="City, Country" {...register('location')} />
      </FormField>
      <FormField id="signup-bio" label="Bio" invalid={Boolean(errors.bio)}>
        <Textarea rows={3} placeholder="What are you building, and what drives you?" {...register('bio')} />
      </FormField>
      <Controller
        control={control}
        name="skills"
        render={({ field, fieldState }) => (
          <FormField id="signup-skills" label="Skills" invalid={fieldState.invalid}>
            <SkillsInput
              ref={field.ref}
              skills={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          </FormField>
        )}
      />
    </div>
  );
}
