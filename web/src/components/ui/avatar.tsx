import { forwardRef, useEffect, useState, type HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { initials, type Role } from '@/lib/roles';

export interface AvatarProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'role'> {
  name: string;
  src?: string | null;
  role?: Role;
  size?: 'sm' | 'md' | 'lg';
}

const sizes = {
  sm: 'size-9 text-xs',
  md: 'size-11 text-sm',
  lg: 'size-24 text-3xl',
} as const;

const discs: Record<Role, string> = {
  explorer: 'bg-explorer',
  collaborator: 'bg-collaborator',
  innovator: 'bg-innovator',
  investor: 'bg-investor',
};

/** A photo, or the initials on a role-coloured disc when there is none or it fails to load (never a broken image). */
export const Avatar = forwardRef<HTMLSpanElement, AvatarProps>(
  ({ name, src, role, size = 'md', className, ...props }, ref) => {
    const [failed, setFailed] = useState(false);
    useEffect(() => setFailed(false), [src]);
    const showImage = Boolean(src) && !failed;

    return (
      <span
        ref={ref}
        className={cn(
          'relative inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full font-display font-bold text-on-solid',
          sizes[size],
          role ? discs[role] : 'bg-primary text-primary-foreground',
          className,
        )}
        {...props}
      >
        {showImage ? (
          <img
            src={src ?? undefined}
            alt={name}
            className="size-full object-cover"
            onError={() => setFailed(true)}
            draggable={false}
          />
        ) : (
          <>
            <span aria-hidden>{initials(name)}</span>
            <span className="sr-only">{name}</span>
          </>
        )}
      </span>
    );
  },
);
Avatar.displayName = 'Avatar';
