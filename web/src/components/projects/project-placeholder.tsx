import { cn } from '@/lib/cn';
import { categoryLabel } from '@/lib/projects/categories';
import { projectInitial } from '@/lib/projects/images';

/** No images: the title's initial, and the category when given, on the phase gradient (spec 001 §2.1, §2.3). */
export function ProjectPlaceholder({
  title,
  category,
  className,
}: {
  title: string;
  category?: string;
  className?: string;
}) {
  return (
    <div
      role="img"
      aria-label={`${title}: no images yet`}
      className={cn(
        'relative flex flex-col items-center justify-center gap-1 overflow-hidden bg-gradient-to-br from-brand-violet to-innovator text-on-solid',
        className,
      )}
    >
      {/* Soft rings behind the initial. */}
      <span aria-hidden className="absolute -right-10 -top-10 size-40 rounded-full bg-on-solid/10" />
      <span aria-hidden className="absolute -bottom-14 -left-8 size-44 rounded-full bg-on-solid/10" />
      <span aria-hidden className="relative font-display text-6xl font-extrabold leading-none drop-shadow-sm">
        {projectInitial(title)}
      </span>
      {category !== undefined && (
        <span
          aria-hidden
          className="relative font-display text-xs font-bold uppercase tracking-[0.16em] text-on-solid/90"
        >
          {categoryLabel(category)}
        </span>
      )}
    </div>
  );
}
