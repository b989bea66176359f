import { ChevronDown } from 'lucide-react';
import { forwardRef, type SelectHTMLAttributes } from 'react';
import { inputClasses } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { CATEGORIES } from '@/lib/projects/categories';

/** The categories of API.md with their display labels, as the platform's own select (best on phones). */
export const CategorySelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(
  ({ className, ...props }, ref) => (
    <div className="relative">
      <select ref={ref} className={cn(inputClasses, 'appearance-none pr-10', className)} {...props}>
        <option value="">Choose a category</option>
        {CATEGORIES.map((category) => (
          <option key={category.value} value={category.value}>
            {category.label}
          </option>
        ))}
      </select>
      <ChevronDown
        className="pointer-events-none absolute right-3 top-1/2 size-5 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
    </div>
  ),
);
CategorySelect.displayName = 'CategorySelect';
