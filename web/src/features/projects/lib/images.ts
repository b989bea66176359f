import type { ToastOptions } from '@/lib/toast';

/** spec 001 §5, §9: at most 5 hero images, each under 10MB (the server's limit, 10 MiB). */
export const MAX_IMAGES = 5;
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

export function fileTooLargeToast(name: string): ToastOptions {
  return {
    title: 'File too large',
    description: `${name} is too large. Please select images under 10MB`,
    variant: 'destructive',
  };
}

export function notAnImageToast(name: string): ToastOptions {
  return { title: 'Invalid file type', description: `${name} is not an image file`, variant: 'destructive' };
}

/**
 * The picked files that may join `alreadyChosen` images: each must be an image and under 10MB (each refusal
 * comes with its toast), and files beyond the fifth image are dropped.
 */
export function checkImages(
  files: readonly File[],
  alreadyChosen: number,
): { accepted: File[]; problems: ToastOptions[] } {
  const accepted: File[] = [];
  const problems: ToastOptions[] = [];
  for (const file of files) {
    if (!file.type.startsWith('image/')) problems.push(notAnImageToast(file.name));
    else if (file.size >= MAX_FILE_BYTES) problems.push(fileTooLargeToast(file.name));
    else if (alreadyChosen + accepted.length < MAX_IMAGES) accepted.push(file);
  }
  return { accepted, problems };
}

/** Attachments of a task (spec 001 §5): images, pdf, doc, docx, each under 10MB. */
export const ATTACHMENT_ACCEPT =
  'image/*,.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const ATTACHMENT_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
];

export function isAllowedAttachment(file: File): boolean {
  if (file.type.startsWith('image/') || ATTACHMENT_TYPES.includes(file.type)) return true;
  return /\.(pdf|docx?|png|jpe?g|gif|webp)$/i.test(file.name);
}

/** The file's own name from its address (`/api/files/abc.pdf` → `abc.pdf`). */
export function fileName(url: string): string {
  const last = url.split(/[?#]/)[0]!.split('/').pop();
  return last ? decodeURIComponent(last) : url;
}

/**
 * The attachments that may be added to a task: images, pdf, doc or docx, each under 10MB (each refusal with its
 * toast).
 */
export function checkAttachments(files: readonly File[]): { accepted: File[]; problems: ToastOptions[] } {
  const accepted: File[] = [];
  const problems: ToastOptions[] = [];
  for (const file of files) {
    if (!isAllowedAttachment(file))
      problems.push({
        title: 'Invalid file type',
        description: `${file.name} is not an image, PDF or Word document`,
        variant: 'destructive',
      });
    else if (file.size >= MAX_FILE_BYTES)
      problems.push({
        title: 'File too large',
        description: `${file.name} is too large. Please select files under 10MB`,
        variant: 'destructive',
      });
    else accepted.push(file);
  }
  return { accepted, problems };
}
