import { Coins, Ticket } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useCountUp } from '../hooks/use-count-up';
import { useScratchCard } from '../hooks/use-rewards-actions';
import { formatCoins } from '../lib/levels';
import { ScratchCanvas } from './scratch-canvas';
import { ScratchCountdown } from './scratch-countdown';
import { Section } from './section';

/** spec 000 §4: pressing scratch shows a 1.5-second animation, then calls the server. */
export const REVEAL_MS = 1500;

type Phase = 'idle' | 'revealing' | 'claiming' | 'won';

/**
 * DAILY SCRATCH CARD (spec 000 §2, §4): a foil to scratch off with a finger or a mouse, and a button that does it
 * for people who do not drag (keyboard, switch, screen reader). Either way a 1.5 s reveal plays, then the server
 * draws the coins, which count up. Used: USED / ALREADY SCRATCHED and the countdown to the next card.
 */
export function ScratchCard({
  canScratch,
  lastScratchDate,
  onReadyAgain,
}: {
  canScratch: boolean;
  lastScratchDate: string | null | undefined;
  /** The countdown reached zero: ask the server whether the card is back. */
  onReadyAgain: () => void;
}) {
  const { mutate } = useScratchCard();
  const [phase, setPhase] = useState<Phase>('idle');
  const [won, setWon] = useState<number | null>(null);
  const [foil, setFoil] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  // The card came back (a new day): start afresh.
  const [wasAvailable, setWasAvailable] = useState(canScratch);
  if (canScratch !== wasAvailable) {
    setWasAvailable(canScratch);
    if (canScratch && phase === 'won') {
      setPhase('idle');
      setWon(null);
      setFoil((n) => n + 1);
    }
  }

  const busy = phase === 'revealing' || phase === 'claiming';
  // Several pointer events can arrive before React renders the new phase: only the first one starts the reveal.
  const started = useRef(false);
  useEffect(() => {
    if (phase === 'idle') started.current = false;
  }, [phase]);
  const start = useCallback(() => {
    if (started.current || phase !== 'idle' || !canScratch) return;
    started.current = true;
    setPhase('revealing');
    timer.current = setTimeout(() => {
      timer.current = null;
      setPhase('claiming');
      mutate(undefined, {
        onSuccess: (result) => {
          setWon(result.reward);
          setPhase('won');
        },
        onError: () => {
          setPhase('idle');
          setFoil((n) => n + 1);
        },
      });
    }, REVEAL_MS);
  }, [phase, canScratch, mutate]);

  const showCard = canScratch || busy;

  return (
    <Section
      id="scratch-heading"
      title="DAILY SCRATCH CARD"
      icon={Ticket}
      tone="bg-coin text-coin-foreground"
      description="A new card every 24 hours · 10 to 100 coins"
    >
      <div className="relative h-40 overflow-hidden rounded-xl" data-testid="scratch-area">
        {phase === 'won' && won !== null ? (
          <WonPanel reward={won} />
        ) : showCard ? (
          <>
            <PrizePanel busy={busy} />
            <ScratchCanvas key={foil} enabled={phase === 'idle'} sweeping={busy} onScratched={start} />
          </>
        ) : (
          <div className="flex h-full flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-border bg-muted/60 px-4 text-center">
            <div className="flex items-center gap-2">
              <Badge variant="outline">USED</Badge>
              <span className="font-display text-sm font-extrabold tracking-wide">ALREADY SCRATCHED</span>
            </div>
            <ScratchCountdown lastScratchDate={lastScratchDate} onReady={onReadyAgain} className="text-lg" />
          </div>
        )}
      </div>

      {phase === 'won' ? (
        <div className="mt-3 flex min-h-13 items-center justify-between gap-3 rounded-xl bg-muted/60 px-3 py-2">
          <div className="flex flex-col items-start gap-1">
            <Badge variant="outline">USED</Badge>
            <span className="font-display text-xs font-extrabold tracking-wide">ALREADY SCRATCHED</span>
          </div>
          <ScratchCountdown lastScratchDate={lastScratchDate} onReady={onReadyAgain} className="items-end" />
        </div>
      ) : showCard ? (
        <div className="mt-3 space-y-2">
          <Button size="lg" className="w-full" onClick={start} loading={busy}>
            {busy ? 'SCRATCHING...' : 'SCRATCH NOW'}
          </Button>
          <p className="text-center text-xs text-muted-foreground">
            Drag across the foil to scratch it off, or press the button.
          </p>
        </div>
      ) : null}
    </Section>
  );
}

/** What lies under the foil until the server has drawn the coins. */
function PrizePanel({ busy }: { busy: boolean }) {
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-1.5 bg-coin-soft text-coin-ink">
      <span
        className={cn(
          'flex size-14 items-center justify-center rounded-full bg-coin text-coin-foreground shadow-lift ring-4 ring-coin/30',
          busy && 'motion-safe:animate-bounce',
        )}
      >
        <Coins className="size-7" strokeWidth={2.5} aria-hidden />
      </span>
      <p className="font-display text-lg font-extrabold" aria-live="polite">
        {busy ? 'Revealing...' : 'Mystery coins'}
      </p>
    </div>
  );
}

/** The coins won, counting up from zero. */
function WonPanel({ reward }: { reward: number }) {
  const shown = useCountUp(reward, { from: 0 });
  return (
    <div className="flex h-full flex-col items-center justify-center bg-coin text-coin-foreground">
      <p className="font-display text-xs font-bold uppercase tracking-[0.2em]">You won</p>
      <p className="flex items-center gap-2 font-display text-5xl font-extrabold tabular-nums leading-tight">
        <Coins className="size-9" strokeWidth={2.5} aria-hidden />
        <span aria-hidden>+{formatCoins(shown)}</span>
        <span className="sr-only">{formatCoins(reward)} coins</span>
      </p>
      <p className="text-sm font-semibold">coins added to your balance</p>
    </div>
  );
}
