import { zodResolver } from '@hookform/resolvers/zod';
import { ImagePlus, X } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/lib/toast';
import { useObjectUrlRef } from '../../hooks/use-object-url';
import { usePostUpdate } from '../../hooks/use-project-actions';
import { checkImages } from '../../lib/images';
import { updateSchema, type UpdateValues } from '../../lib/project-rules';

/**
 * Post Project Update (spec 001 §2.5, §5): title and content required, an optional image. Posting shows the
 * update toast, then 2 s later how many supporters were notified.
 */
export function PostUpdateDialog({
  projectId,
  open,
  onOpenChange,
}: {
  projectId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Post Project Update</DialogTitle>
          <DialogDescription>Every supporter of the project gets it as a notification.</DialogDescription>
        </DialogHeader>
        {open && <UpdateForm projectId={projectId} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function UpdateForm({ projectId, onDone }: { projectId: number; onDone: () => void }) {
  const id = useId();
  const post = usePostUpdate(projectId);
  const [image, setImage] = useState<File | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<UpdateValues>({
    defaultValues: { title: '', content: '' },
    resolver: zodResolver(updateSchema, undefined, { mode: 'sync' }),
  });

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    const { accepted, problems } = checkImages(files.slice(0, 1), 0);
    for (const problem of problems) toast(problem);
    if (accepted[0]) setImage(accepted[0]);
  };

  return (
    <form
      noValidate
      onSubmit={(event) =>
        void handleSubmit((values) => post.mutate({ ...values, image }, { onSuccess: onDone }))(event)
      }
      className="flex flex-col gap-4"
    >
      <FormField id={`${id}-title`} label="Title" error={errors.title?.message}>
        <Input autoComplete="off" placeholder="e.g. We reached our first 100 users" {...register('title')} />
      </FormField>
      <FormField id={`${id}-content`} label="Content" error={errors.content?.message}>
        <Textarea rows={4} placeholder="What happened, and what comes next?" {...register('content')} />
      </FormField>
      <div className="space-y-2">
        <p className="font-display text-xs font-semibold uppercase tracking-[0.08em] text-muted-foreground">
          Image (optional)
        </p>
        {image ? (
          <div className="relative overflow-hidden rounded-xl border border-border">
            <ImagePreview file={image} />
            <button
              type="button"
              onClick={() => setImage(null)}
              aria-label="Remove the image"
              className="absolute right-0 top-0 inline-flex size-11 items-center justify-center focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-ring"
            >
              <span className="flex size-7 items-center justify-center rounded-full bg-card/90 shadow-soft">
                <X className="size-4" aria-hidden />
              </span>
            </button>
          </div>
        ) : (
          <label className="flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-xl border-2 border-dashed border-input px-3 text-sm font-semibold text-muted-foreground transition-colors hover:border-primary hover:text-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring">
            <input
              type="file"
              accept="image/*"
              onChange={onPick}
              className="sr-only"
              aria-describedby={`${id}-image-hint`}
            />
            <ImagePlus className="size-4" aria-hidden />
            Add an image
          </label>
        )}
        <p id={`${id}-image-hint`} className="text-xs text-muted-foreground">
          PNG or JPG, up to 5MB
        </p>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={post.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={post.isPending}>
          {post.isPending ? 'POSTING...' : 'Post Update'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function ImagePreview({ file }: { file: File }) {
  const ref = useObjectUrlRef(file);
  return (
    <img ref={ref} alt={`Chosen for the update: ${file.name}`} className="max-h-48 w-full object-cover" />
  );
}
