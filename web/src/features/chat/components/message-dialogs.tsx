import { Copy, Flag, Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { Message } from '../api/types';

const actionRow =
  'flex min-h-12 w-full items-center gap-3 rounded-xl px-3 text-left font-semibold transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring';

/**
 * What I can do with a message: with my own, edit it (text), copy it, delete it; with someone else's, copy it and
 * report it (where the app offers Report).
 */
export function MessageActionsDialog({
  message,
  mine,
  onClose,
  onEdit,
  onDelete,
  onReport,
}: {
  message: Message | null;
  mine: boolean;
  onClose: () => void;
  onEdit: (message: Message) => void;
  onDelete: (message: Message) => void;
  onReport?: (message: Message) => void;
}) {
  const canEdit = mine && message !== null && !message.attachmentUrl;
  const canCopy = message !== null && message.content.trim().length > 0 && 'clipboard' in navigator;
  return (
    <Dialog open={message !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="gap-2">
        <DialogHeader>
          <DialogTitle>Message options</DialogTitle>
          <DialogDescription className="line-clamp-2">
            {message?.content.trim() ||
              message?.attachmentName ||
              (mine ? 'Your message' : `A message from ${message?.senderName ?? 'someone'}`)}
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-1 pt-2">
          {canEdit && (
            <button type="button" className={actionRow} onClick={() => message && onEdit(message)}>
              <Pencil className="size-5 text-muted-foreground" aria-hidden />
              Edit message
            </button>
          )}
          {canCopy && (
            <button
              type="button"
              className={actionRow}
              onClick={() => {
                if (message) void navigator.clipboard.writeText(message.content).catch(() => {});
                onClose();
              }}
            >
              <Copy className="size-5 text-muted-foreground" aria-hidden />
              Copy text
            </button>
          )}
          {mine && (
            <button
              type="button"
              className={`${actionRow} text-destructive`}
              onClick={() => message && onDelete(message)}
            >
              <Trash2 className="size-5" aria-hidden />
              Delete message
            </button>
          )}
          {!mine && onReport && (
            <button
              type="button"
              className={`${actionRow} text-destructive`}
              onClick={() => message && onReport(message)}
            >
              <Flag className="size-5" aria-hidden />
              Report message
            </button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Deleting asks first: the message goes for everyone. */
export function DeleteMessageDialog({
  message,
  onClose,
  onConfirm,
  isDeleting,
}: {
  message: Message | null;
  onClose: () => void;
  onConfirm: (message: Message) => void;
  isDeleting: boolean;
}) {
  return (
    <Dialog open={message !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete message?</DialogTitle>
          <DialogDescription>
            It will be removed for everyone in this chat. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            CANCEL
          </Button>
          <Button variant="destructive" loading={isDeleting} onClick={() => message && onConfirm(message)}>
            {isDeleting ? 'DELETING...' : 'DELETE'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** An image of the thread, full size. */
export function ImageViewerDialog({
  image,
  onClose,
}: {
  image: { url: string; name: string } | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={image !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="gap-3 p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:max-w-2xl">
        <DialogHeader className="px-2 pt-1">
          <DialogTitle className="truncate text-base">{image?.name}</DialogTitle>
          <DialogDescription className="sr-only">The image, full size</DialogDescription>
        </DialogHeader>
        {image && (
          <img
            src={image.url}
            alt={image.name}
            className="max-h-[75dvh] w-full rounded-xl bg-muted object-contain"
          />
        )}
        {image && (
          <Button variant="outline" asChild>
            <a href={image.url} download={image.name} target="_blank" rel="noreferrer">
              Download
            </a>
          </Button>
        )}
      </DialogContent>
    </Dialog>
  );
}
