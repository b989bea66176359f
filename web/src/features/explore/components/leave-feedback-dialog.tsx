import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/lib/toast';
import { usePostFeedback, useUploadImage } from '../hooks/use-deck-actions';
import { feedbackFailedToast } from '../lib/announce';

/** An image attached to feedback must be under this (spec 001 §5, the upload limit). */
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** Leave Feedback (spec 001 §2.1): the text (not blank) and an optional image. */
export function LeaveFeedbackDialog({
  projectId,
  projectTitle,
  onClose,
  onSent,
}: {
  projectId: number;
  projectTitle: string;
  onClose: () => void;
  onSent: () => void;
}) {
  const id = useId();
  const post = usePostFeedback(projectId);
  const upload = useUploadImage();
  const [text, setText] = useState('');
  const [image, setImage] = useState<{ file: File; preview: string | null } | null>(null);
  const [uploading, setUploading] = useState(false);
  const busy = uploading || post.isPending;
  const content = text.trim();

  // A picked image's preview address is given back when it is replaced or removed, or the dialog closes.
  useEffect(
    () => () => {
      if (image?.preview) URL.revokeObjectURL(image.preview);
    },
    [image],
  );

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/'))
      toast({
        title: 'Invalid file type',
        description: `${file.name} is not an image file`,
        variant: 'destructive',
      });
    else if (file.size >= MAX_IMAGE_BYTES)
      toast({
        title: 'File too large',
        description: `${file.name} is too large. Please select images under 10MB`,
        variant: 'destructive',
      });
    else
      setImage({
        file,
        preview: typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null,
      });
  };

  const submit = async () => {
    if (!content || busy) return;
    let imageUrl: string | null = null;
    if (image) {
      setUploading(true);
      try {
        imageUrl = await upload.mutateAsync(image.file);
      } catch (error) {
        toast(feedbackFailedToast(error));
        return;
      } finally {
        setUploading(false);
      }
    }
    post.mutate(
      { content, ...(imageUrl ? { imageUrl } : {}) },
      {
        onSuccess: () => {
          onSent();
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Leave Feedback</DialogTitle>
          <DialogDescription>Tell the team behind {projectTitle} what you think.</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
          className="flex flex-col gap-4"
        >
          <div className="flex flex-col gap-2">
            <Label
              htmlFor={`${id}-text`}
              className="text-xs uppercase tracking-[0.08em] text-muted-foreground"
            >
              Your feedback
            </Label>
            <Textarea
              id={`${id}-text`}
              rows={4}
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder="What do you like? What would make it better?"
            />
          </div>
          <div className="flex flex-col gap-2">
            <p className="font-display text-xs font-semibold uppercase tracking-[0.08em] text-muted-foreground">
              Image (optional)
            </p>
            {image ? (
              <div className="relative overflow-hidden rounded-xl border border-border">
                {image.preview && (
                  <img src={image.preview} alt="Your attachment" className="max-h-48 w-full object-cover" />
                )}
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
                <input type="file" accept="image/*" onChange={onPick} className="sr-only" />
                <ImagePlus className="size-4" aria-hidden />
                Add an image
              </label>
            )}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={!content} loading={busy}>
              {busy ? 'SUBMITTING...' : 'Submit Feedback'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
