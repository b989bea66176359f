import { Skeleton } from '@/components/ui/skeleton';

/** The Progress screen's shape while it loads (the same heights as the loaded parts, so nothing jumps). */
export function RewardsSkeleton() {
  return (
    <div className="space-y-4" aria-busy="true" aria-label="Loading progress">
      <div className="grid grid-cols-2 gap-3">
        {[0, 1, 2, 3].map((n) => (
          <Skeleton key={n} className="h-[6.75rem] rounded-2xl" />
        ))}
      </div>
      <Skeleton className="h-[9.125rem] rounded-2xl" />
      <Skeleton className="h-[20.5rem] rounded-2xl" />
      <Skeleton className="h-64 rounded-2xl" />
    </div>
  );
}
