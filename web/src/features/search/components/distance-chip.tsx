import { MapPin } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatDistance } from '../lib/distance';

/** '2.4 km away' with a pin (spec 001 §9 formats); nothing when the distance is unknown. */
export function DistanceChip({ km, className }: { km: number | null | undefined; className?: string }) {
  const text = formatDistance(km);
  if (!text) return null;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap text-xs font-semibold tabular-nums text-muted-foreground',
        className,
      )}
    >
      <MapPin className="size-3.5 shrink-0" aria-hidden />
      {text}
      <span className="sr-only"> away</span>
    </span>
  );
}
