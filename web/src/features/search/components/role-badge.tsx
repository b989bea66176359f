import { Badge } from '@/components/ui/badge';
import { isRole, ROLE_LABELS } from '@/lib/roles';
import { cn } from '@/lib/cn';

/** A person's role as a badge in the role's colour; a value outside the four roles is shown plainly. */
export function RoleBadge({ role, className }: { role: string; className?: string }) {
  if (!isRole(role))
    return role.trim() ? (
      <Badge variant="outline" className={className}>
        {role}
      </Badge>
    ) : null;
  return (
    <Badge variant={role} className={cn('shrink-0', className)}>
      <span className="sr-only">Role: </span>
      {ROLE_LABELS[role]}
    </Badge>
  );
}
