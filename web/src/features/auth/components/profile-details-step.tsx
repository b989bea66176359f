import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { ProfileDetails } from '../lib/signup-rules';
import { Field } from './field';
import { SkillsInput } from './skills-input';

export interface ProfileDetailsStepProps {
  values: ProfileDetails;
  onChange: (patch: Partial<ProfileDetails>) => void;
}

/** Step 2, 'PROFILE DETAILS': location, a short bio and at least one skill. */
export function ProfileDetailsStep({ values, onChange }: ProfileDetailsStepProps) {
  return (
    <div className="flex flex-col gap-4">
      <Field id="signup-location" label="Location">
        <Input
          id="signup-location"
          autoComplete="address-level2"
          placeholder="City, Country"
          value={values.location}
          onChange={(e) => onChange({ location: e.target.value })}
        />
      </Field>
      <Field id="signup-bio" label="Bio">
        <Textarea
          id="signup-bio"
          rows={3}
          placeholder="What are you building, and what drives you?"
          value={values.bio}
          onChange={(e) => onChange({ bio: e.target.value })}
        />
      </Field>
      <Field id="signup-skills" label="Skills">
        <SkillsInput id="signup-skills" skills={values.skills} onChange={(skills) => onChange({ skills })} />
      </Field>
    </div>
  );
}
