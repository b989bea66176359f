import { ChevronDown, RotateCcw, X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { inputClasses } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import { NO_FILTERS, type DeckFilters } from '../api/types';
import { useResetSwipes } from '../hooks/use-deck-actions';
import { CATEGORIES, LOOKING_FOR_OPTIONS } from '../lib/project-display';

/**
 * The deck's filter panel (spec 001 §2.1): category and looking-for, applied as they change; CLEAR FILTERS; RESET
 * SWIPED brings every swiped project back ('Projects Reset').
 */
export default function FilterPanel({
  filters,
  onChange,
  onClose,
}: {
  filters: DeckFilters;
  onChange: (filters: DeckFilters) => void;
  onClose: () => void;
}) {
  const id = useId();
  const reset = useResetSwipes();
  const active = filters.category !== '' || filters.lookingFor !== '';

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Filter projects</DialogTitle>
          <DialogDescription>The deck shows only the projects that match.</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-4">
          <Select
            id={`${id}-category`}
            label="Category"
            value={filters.category}
            onChange={(category) => onChange({ ...filters, category })}
          >
            <option value="">All categories</option>
            {CATEGORIES.map((category) => (
              <option key={category.value} value={category.value}>
                {category.label}
              </option>
            ))}
          </Select>
          <Select
            id={`${id}-looking-for`}
            label="Looking for"
            value={filters.lookingFor}
            onChange={(lookingFor) => onChange({ ...filters, lookingFor })}
          >
            <option value="">Anyone</option>
            {LOOKING_FOR_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid grid-cols-2 gap-2 pt-1">
          <Button variant="outline" onClick={() => onChange(NO_FILTERS)} disabled={!active}>
            <X aria-hidden />
            CLEAR FILTERS
          </Button>
          <Button variant="secondary" onClick={() => reset.mutate()} loading={reset.isPending}>
            {!reset.isPending && <RotateCcw aria-hidden />}
            RESET SWIPED
          </Button>
        </div>
        <Button size="lg" onClick={onClose} className="w-full">
          Show projects
        </Button>
      </DialogContent>
    </Dialog>
  );
}

function Select({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id} className="text-xs uppercase tracking-[0.08em] text-muted-foreground">
        {label}
      </Label>
      <div className="relative">
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={cn(inputClasses, 'appearance-none pr-10')}
        >
          {children}
        </select>
        <ChevronDown
          className="pointer-events-none absolute right-3 top-1/2 size-5 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
      </div>
    </div>
  );
}
