import { Copy, TriangleAlert } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { qrDataUrl, QR_SIZE_PX } from '@/lib/share/qr';
import { toast } from '@/lib/toast';

type QrState = { status: 'loading' } | { status: 'ready'; src: string } | { status: 'failed' };

/** Makes the QR code of `link` (black on white, 200 px, margin 2); 'Error – Failed to generate QR code' if it cannot. */
function useQrCode(link: string | null, open: boolean): QrState {
  const [made, setMade] = useState<{ link: string; src: string | null } | null>(null);
  useEffect(() => {
    if (!open || link === null) return;
    let current = true;
    qrDataUrl(link).then(
      (src) => current && setMade({ link, src }),
      (error: unknown) => {
        console.error('QR generation failed', error);
        if (!current) return;
        setMade({ link, src: null });
        toast({ title: 'Error', description: 'Failed to generate QR code', variant: 'destructive' });
      },
    );
    return () => {
      current = false;
    };
  }, [link, open]);
  if (made?.link !== link) return { status: 'loading' };
  return made.src === null ? { status: 'failed' } : { status: 'ready', src: made.src };
}

/**
 * A dialog that shares a link (spec 001 §4): its title and line, the QR code of the link (made in the browser) with
 * a caption, the link itself with Copy, and below them the ways this kind of link leaves the device (`children`).
 * Without a link yet, `noLink` stands where the QR code would.
 */
export function ShareLinkDialog({
  open,
  onOpenChange,
  title,
  description,
  link,
  qrAlt,
  qrTestId,
  caption,
  noLink,
  linkLabel,
  linkTestId,
  copyLabel,
  copying,
  onCopy,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  link: string | null;
  qrAlt: string;
  qrTestId: string;
  caption: string;
  noLink?: ReactNode;
  /** Read before the link by screen readers ('Join link: '). */
  linkLabel: string;
  linkTestId?: string;
  /** The Copy button's name, when it says more than 'Copy'. */
  copyLabel?: string;
  copying: boolean;
  onCopy: () => void;
  children: ReactNode;
}) {
  const qr = useQrCode(link, open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>

        <figure className="flex flex-col items-center gap-3">
          <div className="rounded-3xl bg-gradient-to-br from-brand-violet to-brand-orange p-1.5 shadow-lift">
            {/* Black on white in both themes, so every camera reads it. */}
            <div className={cn('rounded-[1.25rem] p-2', link === null ? 'bg-card' : 'bg-on-solid')}>
              {link === null ? (
                noLink
              ) : qr.status === 'ready' ? (
                <img
                  src={qr.src}
                  width={QR_SIZE_PX}
                  height={QR_SIZE_PX}
                  alt={qrAlt}
                  data-testid={qrTestId}
                  className="block size-[200px]"
                />
              ) : qr.status === 'failed' ? (
                <div className="flex size-[200px] flex-col items-center justify-center gap-2 text-center text-sm font-medium text-destructive">
                  <TriangleAlert className="size-6" aria-hidden />
                  Failed to generate QR code
                </div>
              ) : (
                <Skeleton className="size-[200px] bg-muted" />
              )}
            </div>
          </div>
          <figcaption className="text-center font-display text-base font-bold">{caption}</figcaption>
        </figure>

        {link !== null && (
          <div className="flex items-center gap-2 rounded-xl border-2 border-border bg-muted/40 py-1 pl-3 pr-1">
            <p className="min-w-0 flex-1 truncate font-mono text-sm" title={link} data-testid={linkTestId}>
              <span className="sr-only">{linkLabel}</span>
              {link}
            </p>
            <Button variant="ghost" size="sm" onClick={onCopy} loading={copying} aria-label={copyLabel}>
              {!copying && <Copy aria-hidden />}
              Copy
            </Button>
          </div>
        )}

        {children}
      </DialogContent>
    </Dialog>
  );
}
