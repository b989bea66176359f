import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { connectCodeFromText, UNKNOWN_CONNECT_CODE } from '@/lib/connect-code';
import type { ScanResponse } from '../api/types';
import { useScanCode } from '../hooks/use-scan-code';

/**
 * Connect by a profile's link or its connect code (what 'Share Your Profile' shows): connects at once, then the
 * scanned-profile dialog says 'CONNECTION ADDED!' or 'ALREADY CONNECTED'. A code nobody has (404) says so under the
 * field; a refusal says why in a toast (the wait, when there were too many tries).
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
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();
  const scan = useScanCode({
    onConnected: (result) => {
      setText('');
      onConnected(result);
    },
    onUnknown: () => setProblem(UNKNOWN_CONNECT_CODE),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const code = connectCodeFromText(text);
    if (code === null) {
      setProblem('Paste a profile link (it has ?connect= in it) or the connect code on its own.');
      return;
    }
    setProblem(null);
    scan.mutate(code);
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
          <DialogDescription>
            Paste the link or code from someone's Share Your Profile QR code.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
          <label htmlFor={fieldId} className="text-sm font-semibold">
            Profile link
          </label>
          <Input
            id={fieldId}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="https://…/profile?connect=…"
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
