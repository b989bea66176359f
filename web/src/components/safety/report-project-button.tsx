import { Flag } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useSafety } from '@/lib/safety';

/** "Report project", opening the report dialog for it; nothing without the safety provider. */
export function ReportProjectButton({
  project,
  className,
}: {
  project: { id: number; title: string };
  className?: string;
}) {
  const safety = useSafety();
  if (!safety) return null;
  return (
    <Button
      variant="ghost"
      size="sm"
      className={cn('text-muted-foreground hover:text-destructive', className)}
      aria-haspopup="dialog"
      onClick={() => safety.report({ type: 'project', id: project.id, title: project.title })}
    >
      <Flag aria-hidden />
      Report project
    </Button>
  );
}
