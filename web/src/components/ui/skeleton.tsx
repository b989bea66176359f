import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/** A placeholder block with the size of what is loading, so nothing jumps when data arrives. */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden className={cn('animate-pulse rounded-lg bg-muted', className)} {...props} />;
}
