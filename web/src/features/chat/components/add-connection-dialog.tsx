import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { serverMessage } from '@/lib/api/client';
import { invalidatePath } from '@/lib/api/query-keys';
import { toast } from '@/lib/toast';
import { scanProfile } from '../api/chat';
import type { ScanResponse } from '../api/types';

/** The person a pasted profile link (`…/profile?connect=12`) or code (`12`) names, or null. */
export function profileIdFrom(text: string): number | null {
  const trimmed = text.trim();
  let raw = trimmed;
  if (!/^\d+$/.test(trimmed)) {
    try {
      raw = new URL(trimmed, 'http://link.invalid').searchParams.get('connect') ?? '';
    } catch {
      return null;
    }
  }
  if (!/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Connect by a profile's link or QR code text (what 'Share Your Profile' shows): connects at once, then the
 * scanned-profile dialog says 'CONNECTION ADDED!' or 'ALREADY CONNECTED'.
 */
export function AddConnectionDialog({
  open,
  onClose,
  onConnected,
}: {
  open: boolean;
  onClose: () => void;
  onConnected: (result: ScanResponse) => void;
}) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();
  const scan = useMutation({
    mutationFn: scanProfile,
    onSuccess: (result) => {
      setText('');
      void invalidatePath(queryClient, '/api/connections');
      onConnected(result);
    },
    onError: (error) =>
      toast({
        title: 'Connection Failed',
        description: serverMessage(error, 'Unable to connect with this profile. Please try again.'),
        variant: 'destructive',
      }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const id = profileIdFrom(text);
    if (id === null) {
      setProblem('Paste a profile link (it ends in ?connect= and a number) or the code under a QR.');
      return;
    }
    setProblem(null);
    scan.mutate(id);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setProblem(null);
          onClose();
        }
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add a connection</DialogTitle>
          <DialogDescription>Paste the link from someone's Share Your Profile QR code.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
          <label htmlFor={fieldId} className="text-sm font-semibold">
            Profile link
          </label>
          <Input
            id={fieldId}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="https://…/profile?connect=12"
            inputMode="url"
            autoComplete="off"
            aria-invalid={problem !== null || undefined}
            aria-describedby={problem ? `${fieldId}-problem` : undefined}
          />
          {problem && (
            <p id={`${fieldId}-problem`} className="text-sm text-destructive">
              {problem}
            </p>
          )}
          <Button type="submit" size="lg" loading={scan.isPending} disabled={!text.trim()}>
            {scan.isPending ? 'CONNECTING...' : 'CONNECT'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
