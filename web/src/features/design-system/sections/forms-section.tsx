import { useState } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { Section } from '@/features/design-system/section';

export function FormsSection() {
  const [remember, setRemember] = useState(true);
  return (
    <Section
      title="Form controls"
      description="Every control sits in a FormField: a label, an optional hint, and an error tied to the field."
    >
      <form
        className="space-y-5 rounded-2xl border border-border bg-card p-4"
        onSubmit={(e) => e.preventDefault()}
      >
        <FormField id="ds-username" label="Username">
          <Input placeholder="ada" autoComplete="off" />
        </FormField>
        <FormField
          id="ds-email"
          label="Email"
          error="Email already exists. Please use a different email or try logging in."
        >
          <Input type="email" defaultValue="ada@example" />
        </FormField>
        <FormField
          id="ds-location"
          label="Location"
          hint={<p className="text-xs text-muted-foreground">City and country, as people would say it.</p>}
        >
          <Input placeholder="City, Country" />
        </FormField>
        <FormField id="ds-bio" label="Bio">
          <Textarea placeholder="What are you building?" />
        </FormField>
        <FormField id="ds-disabled" label="Disabled">
          <Input disabled value="Can't touch this" readOnly />
        </FormField>
        <div className="flex min-h-11 items-center gap-3">
          <Checkbox id="ds-remember" checked={remember} onCheckedChange={setRemember} />
          <Label htmlFor="ds-remember">Remember me</Label>
        </div>
      </form>
    </Section>
  );
}
