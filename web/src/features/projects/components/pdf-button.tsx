import { FileDown } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import type { Project } from '../api/types';
import { useDownloadPdf } from '../hooks/use-project-actions';

/** PDF: downloads the project summary as `<title>_project_summary.pdf`. */
export function PdfButton({
  project,
  variant = 'outline',
  className,
}: {
  project: Pick<Project, 'id' | 'title'>;
  variant?: ButtonProps['variant'];
  className?: string;
}) {
  const download = useDownloadPdf();
  return (
    <Button
      variant={variant}
      className={className}
      onClick={() => download.mutate(project)}
      loading={download.isPending}
      aria-label={`PDF summary of ${project.title}`}
    >
      {!download.isPending && <FileDown aria-hidden />}
      PDF
    </Button>
  );
}
