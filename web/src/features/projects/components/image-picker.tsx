import { ImagePlus, X } from 'lucide-react';
import { useId, type ChangeEvent } from 'react';
import { cn } from '@/lib/cn';
import { thumbnailUrl } from '@/lib/projects/images';
import { toast } from '@/lib/toast';
import { useObjectUrlRef } from '../hooks/use-object-url';
import { checkImages, MAX_IMAGES } from '../lib/images';

/** An image of a project: already uploaded (`url`), or picked on this device and not sent yet (`file`). */
export type ImageItem =
  { key: string; url: string; file?: undefined } | { key: string; file: File; url?: undefined };

let nextKey = 0;
export function imageItemsOf(urls: readonly string[]): ImageItem[] {
  return urls.map((url) => ({ key: url, url }));
}

/** A picked file's preview, made in the browser and released when it goes. */
function FilePreview({ file, alt }: { file: File; alt: string }) {
  const ref = useObjectUrlRef(file);
  return <img ref={ref} alt={alt} className="size-full object-cover" draggable={false} />;
}

/**
 * Hero images (spec 001 §2.4, §5): up to 5, each an image under 10MB ('File too large', 'Invalid file type'),
 * files beyond the fifth dropped; previews with Remove. The files are uploaded when the form is sent.
 */
export function ImagePicker({
  value,
  onChange,
  label = 'Hero images',
}: {
  value: ImageItem[];
  onChange: (next: ImageItem[]) => void;
  label?: string;
}) {
  const id = useId();
  const room = MAX_IMAGES - value.length;

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // The same file can be picked again after a refusal.
    event.target.value = '';
    const { accepted, problems } = checkImages(files, value.length);
    for (const problem of problems) toast(problem);
    if (accepted.length > 0)
      onChange([...value, ...accepted.map((file) => ({ key: `file-${(nextKey += 1)}`, file }))]);
  };

  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between">
        <p
          id={`${id}-label`}
          className="font-display text-xs font-semibold uppercase tracking-[0.08em] text-muted-foreground"
        >
          {label}
        </p>
        <span className="text-xs font-semibold tabular-nums text-muted-foreground">
          {value.length}/{MAX_IMAGES}
        </span>
      </div>
      <ul aria-labelledby={`${id}-label`} className="grid grid-cols-3 gap-2">
        {value.map((item, index) => {
          const alt = `Image ${index + 1}${index === 0 ? ' (cover)' : ''}`;
          return (
            <li
              key={item.key}
              className="relative aspect-square overflow-hidden rounded-xl border border-border bg-muted"
            >
              {item.file ? (
                <FilePreview file={item.file} alt={alt} />
              ) : (
                <img
                  src={thumbnailUrl(item.url)}
                  alt={alt}
                  className="size-full object-cover"
                  draggable={false}
                />
              )}
              {index === 0 && (
                <span className="absolute bottom-1 left-1 rounded-full bg-card/90 px-1.5 py-0.5 text-[0.625rem] font-bold uppercase tracking-wide text-foreground">
                  Cover
                </span>
              )}
              <button
                type="button"
                onClick={() => onChange(value.filter((other) => other.key !== item.key))}
                aria-label={`Remove image ${index + 1}`}
                className="absolute right-0 top-0 inline-flex size-11 items-center justify-center focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-ring"
              >
                <span className="flex size-7 items-center justify-center rounded-full bg-card/90 text-foreground shadow-soft">
                  <X className="size-4" aria-hidden />
                </span>
              </button>
            </li>
          );
        })}
        {room > 0 && (
          <li className="aspect-square">
            <label
              className={cn(
                'flex size-full cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed border-input bg-card p-2 text-center text-muted-foreground transition-colors hover:border-primary hover:text-primary',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
              )}
            >
              <input
                type="file"
                accept="image/*"
                multiple
                onChange={onPick}
                className="sr-only"
                aria-describedby={`${id}-hint`}
              />
              <ImagePlus className="size-6" aria-hidden />
              <span className="font-display text-xs font-bold">Add images</span>
            </label>
          </li>
        )}
      </ul>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Up to {MAX_IMAGES} images, each under 10MB. The first is the cover.
      </p>
    </div>
  );
}
