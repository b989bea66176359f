import { Plus, X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { addSkill, removeSkill } from '../lib/signup-rules';

/** Type a skill and press Enter (or ADD) to add it; chips remove themselves. Empty and duplicates are ignored. */
export function SkillsInput({
  id,
  skills,
  onChange,
}: {
  id: string;
  skills: string[];
  onChange: (skills: string[]) => void;
}) {
  const [draft, setDraft] = useState('');

  function commit() {
    onChange(addSkill(skills, draft));
    setDraft('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          placeholder="e.g. React, UI/UX Design"
          aria-describedby={`${id}-hint`}
          enterKeyHint="enter"
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
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
      <p id={`${id}-hint`} className="-mt-1 text-xs text-muted-foreground">
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
}
