import { Check, Handshake, UserPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { ConnectState } from '../hooks/use-connect';

/**
 * CONNECT (a person), COLLABORATE (a project) or SENT, disabled, once a pending or accepted connection exists
 * (spec 001 §2.2, §4). `name` completes the accessible name ('CONNECT with Ada Lovelace'), since a grid has many.
 */
export function ConnectButton({
  kind,
  state,
  name,
  onSend,
  className,
}: {
  kind: 'person' | 'project';
  state: ConnectState;
  name: string;
  onSend: () => void;
  className?: string;
}) {
  if (state === 'own') return null;
  if (state === 'sent')
    return (
      <Button
        size="sm"
        disabled
        className={cn(
          'rounded-full bg-success-soft px-4 text-success-soft-foreground shadow-none disabled:opacity-100',
          className,
        )}
      >
        <Check aria-hidden />
        SENT
        <span className="sr-only">{kind === 'person' ? ` to ${name}` : ` for ${name}`}</span>
      </Button>
    );
  const Icon = kind === 'person' ? UserPlus : Handshake;
  return (
    <Button
      size="sm"
      onClick={onSend}
      loading={state === 'sending'}
      className={cn('rounded-full px-4 tracking-wide', className)}
    >
      {state !== 'sending' && <Icon aria-hidden />}
      {kind === 'person' ? 'CONNECT' : 'COLLABORATE'}
      <span className="sr-only">{kind === 'person' ? ` with ${name}` : ` on ${name}`}</span>
    </Button>
  );
}
