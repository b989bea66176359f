import { Eye, EyeOff, TriangleAlert } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorStatus, serverMessage } from '@/lib/api/client';
import { toast } from '@/lib/toast';
import { useDeleteAccount } from '../hooks/use-account-actions';

/** What goes with the account (shared/API.md "Your data"), said before the password is asked for. */
const LOST = [
  'Your profile',
  'Your connections',
  'Your messages',
  'Your projects, with their tasks, updates and feedback',
  'Your coins and rewards',
];

export interface DeleteAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Delete my account: what is lost, then the password (shared/API.md `DELETE /api/account`). A wrong password is
 * said under the field; anything else is a toast. Deleted, the app goes to the signed-out auth page.
 */
export default function DeleteAccountDialog({ open, onOpenChange }: DeleteAccountDialogProps) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const [wrong, setWrong] = useState(false);
  const remove = useDeleteAccount();

  const close = (next: boolean) => {
    if (next || remove.isPending) return;
    setPassword('');
    setWrong(false);
    setShown(false);
    onOpenChange(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password || remove.isPending) return;
    setWrong(false);
    remove.mutate(password, {
      onError: (error) => {
        if (errorStatus(error) === 401) {
          setWrong(true);
          return;
        }
        toast({
          title: 'Error',
          description: serverMessage(error, 'Failed to delete your account'),
          variant: 'destructive',
        });
      },
    });
  };

  const passwordId = `${id}-password`;
  const errorId = `${id}-error`;

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <span
            aria-hidden
            className="mb-1 flex size-11 items-center justify-center rounded-2xl bg-destructive-soft text-destructive-soft-foreground"
          >
            <TriangleAlert className="size-5" />
          </span>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>
            Everything your account holds is deleted for good. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <div className="rounded-xl border border-destructive/30 bg-destructive-soft/60 p-4">
          <p className="font-display text-sm font-bold text-destructive-soft-foreground">You will lose:</p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-foreground">
            {LOST.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor={passwordId} className="text-xs uppercase tracking-[0.08em] text-muted-foreground">
              Password
            </Label>
            <div className="relative">
              <Input
                id={passwordId}
                type={shown ? 'text' : 'password'}
                autoComplete="current-password"
                value={password}
                onChange={(event) => {
                  setPassword(event.target.value);
                  setWrong(false);
                }}
                readOnly={remove.isPending}
                aria-invalid={wrong || undefined}
                aria-describedby={wrong ? errorId : undefined}
                className="pr-12"
              />
              <button
                type="button"
                onClick={() => setShown((value) => !value)}
                aria-label={shown ? 'Hide password' : 'Show password'}
                aria-pressed={shown}
                className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-r-lg text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
              >
                {shown ? <EyeOff className="size-5" aria-hidden /> : <Eye className="size-5" aria-hidden />}
              </button>
            </div>
            {wrong && (
              <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
                Wrong password
              </p>
            )}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => close(false)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={!password} loading={remove.isPending}>
              Delete my account
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
