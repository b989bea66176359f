import { useState } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { Section } from '@/features/design-system/section';

export function FormsSection() {
  const [remember, setRemember] = useState(true);
  return (
    <Section title="Form controls" description="Every control has a label; errors are tied to their field.">
      <form
        className="space-y-5 rounded-2xl border border-border bg-card p-4"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="space-y-2">
          <Label htmlFor="ds-username">Username</Label>
          <Input id="ds-username" placeholder="ada" autoComplete="off" />
        </div>
        <div className="space-y-2">
          <Label htmlFor="ds-email">Email</Label>
          <Input
            id="ds-email"
            type="email"
            defaultValue="ada@example"
            aria-invalid="true"
            aria-describedby="ds-email-error"
          />
          <p id="ds-email-error" className="text-sm font-medium text-destructive">
            Email already exists. Please use a different email or try logging in.
          </p>
        </div>
        <div className="space-y-2">
          <Label htmlFor="ds-location">Location</Label>
          <Input id="ds-location" placeholder="City, Country" />
        </div>
        <div className="space-y-2">
          <Label htmlFor="ds-bio">Bio</Label>
          <Textarea id="ds-bio" placeholder="What are you building?" />
        </div>
        <div className="space-y-2">
          <Label htmlFor="ds-disabled">Disabled</Label>
          <Input id="ds-disabled" disabled value="Can't touch this" readOnly />
        </div>
        <div className="flex min-h-11 items-center gap-3">
          <Checkbox id="ds-remember" checked={remember} onCheckedChange={setRemember} />
          <Label htmlFor="ds-remember">Remember me</Label>
        </div>
      </form>
    </Section>
  );
}
