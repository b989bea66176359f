import { Plus, X } from 'lucide-react';
import { forwardRef, useId, useState, type KeyboardEvent } from 'react';
import { Input } from '@/components/ui/input';
import { isCommitEnter } from '@/lib/enter-key';
import { addSkill, canAddCustom, removeSkill, SKILL_MAX_LENGTH, suggestSkills } from '../lib/skills';

export interface SkillsEditorProps {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  skills: string[];
  onChange: (skills: string[]) => void;
}

/** A 44 px hit area around a 36 px chip. */
const CHIP =
  "relative inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-semibold transition-colors before:absolute before:inset-x-0 before:-inset-y-1.5 before:content-[''] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/**
 * Skills with suggestions (spec 000 §5): typing shows up to 5 catalogue skills and a '+ Add' option for the text
 * itself; Enter adds the text; a chosen skill is removed by tapping it.
 */
export const SkillsEditor = forwardRef<HTMLInputElement, SkillsEditorProps>(
  ({ id = 'skills', skills, onChange, 'aria-describedby': describedBy, 'aria-invalid': invalid }, ref) => {
    const [typed, setTyped] = useState('');
    const helpId = `${id}-help`;
    const suggestionsId = useId();
    const suggestions = suggestSkills(typed, skills);
    const offerCustom = canAddCustom(typed, skills, suggestions);

    const add = (skill: string) => {
      onChange(addSkill(skills, skill));
      setTyped('');
    };

    const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
      if (!isCommitEnter(event)) return;
      event.preventDefault();
      const exact = suggestions.find((s) => s.toLocaleLowerCase() === typed.trim().toLocaleLowerCase());
      add(exact ?? typed);
    };

    return (
      <div className="flex flex-col gap-3">
        {skills.length > 0 && (
          <ul aria-label="Your skills" className="flex flex-wrap gap-2">
            {skills.map((skill) => (
              <li key={skill}>
                <button
                  type="button"
                  onClick={() => onChange(removeSkill(skills, skill))}
                  aria-label={`Remove ${skill}`}
                  className={`${CHIP} animate-pop bg-primary-soft pr-2 text-primary-soft-foreground hover:bg-primary/20`}
                >
                  {skill}
                  <X className="size-3.5" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        )}
        <Input
          ref={ref}
          id={id}
          value={typed}
          maxLength={SKILL_MAX_LENGTH}
          placeholder="Type a skill, e.g. React"
          autoComplete="off"
          enterKeyHint="enter"
          aria-describedby={[helpId, describedBy].filter(Boolean).join(' ')}
          aria-invalid={invalid}
          aria-controls={suggestionsId}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <p id={helpId} className="-mt-1 text-xs text-muted-foreground">
          Pick a suggestion or press Enter to add. Tap a skill to remove it.
        </p>
        <div id={suggestionsId} aria-live="polite">
          {(suggestions.length > 0 || offerCustom) && (
            <ul aria-label="Suggested skills" className="flex flex-wrap gap-2">
              {suggestions.map((skill) => (
                <li key={skill}>
                  <button
                    type="button"
                    onClick={() => add(skill)}
                    className={`${CHIP} border border-border bg-card hover:border-primary hover:text-primary`}
                  >
                    <Plus className="size-3.5" aria-hidden />
                    {skill}
                  </button>
                </li>
              ))}
              {offerCustom && (
                <li>
                  <button
                    type="button"
                    onClick={() => add(typed)}
                    className={`${CHIP} border border-dashed border-primary text-primary hover:bg-primary-soft`}
                  >
                    {`+ Add "${typed.trim()}"`}
                  </button>
                </li>
              )}
            </ul>
          )}
        </div>
      </div>
    );
  },
);
SkillsEditor.displayName = 'SkillsEditor';
