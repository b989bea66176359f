import { Plus, X } from 'lucide-react';
import { forwardRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { isCommitEnter } from '@/lib/enter-key';
import { addSkill, removeSkill } from '../lib/signup-rules';

export interface SkillsInputProps {
  /** The text box's id (a FormField gives it, with the two aria props below). */
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  skills: string[];
  onChange: (skills: string[]) => void;
  onBlur?: () => void;
}

/** Type a skill and press Enter (or ADD) to add it; chips remove themselves. Empty and duplicates are ignored. */
export const SkillsInput = forwardRef<HTMLInputElement, SkillsInputProps>(
  ({ id = 'skills', skills, onChange, onBlur, 'aria-describedby': describedBy, ...aria }, ref) => {
    const [draft, setDraft] = useState('');
    const helpId = `${id}-help`;

    function commit() {
      onChange(addSkill(skills, draft));
      setDraft('');
    }

    function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
      if (isCommitEnter(event)) {
        event.preventDefault();
        commit();
      }
    }

    return (
      <div className="flex flex-col gap-3">
        <div className="flex gap-2">
          <Input
            ref={ref}
            id={id}
            value={draft}
            placeholder="e.g. React, UI/UX Design"
            aria-describedby={[helpId, describedBy].filter(Boolean).join(' ')}
            aria-invalid={aria['aria-invalid']}
            enterKeyHint="enter"
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
            onBlur={onBlur}
          />
          <Button
            type="button"
            variant="secondary"
            onClick={commit}
            aria-label="Add skill"
            className="shrink-0"
          >
            <Plus aria-hidden /> ADD
          </Button>
        </div>
        <p id={helpId} className="-mt-1 text-xs text-muted-foreground">
          Type a skill and press Enter to add it.
        </p>
        {skills.length > 0 && (
          <ul aria-label="Your skills" className="flex flex-wrap gap-2">
            {skills.map((skill) => (
              <li
                key={skill}
                className="inline-flex animate-pop items-center gap-1 rounded-full bg-primary-soft py-1 pl-3 pr-1 text-sm font-semibold text-primary-soft-foreground"
              >
                {skill}
                <button
                  type="button"
                  onClick={() => onChange(removeSkill(skills, skill))}
                  aria-label={`Remove ${skill}`}
                  className="relative inline-flex size-7 items-center justify-center rounded-full transition-colors before:absolute before:-inset-2 before:content-[''] hover:bg-primary/15 focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <X className="size-3.5" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  },
);
SkillsInput.displayName = 'SkillsInput';
