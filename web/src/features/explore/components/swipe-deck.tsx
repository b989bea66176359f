import { Hand, Heart, Star, X, type LucideIcon } from 'lucide-react';
import {
  useEffect,
  useEffectEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
} from 'react';
import { cn } from '@/lib/cn';
import type { Project } from '../api/types';
import { MOUNTED_CARDS } from '../hooks/use-deck';
import {
  FLY_OUT_MS,
  TAP_SLOP_PX,
  dragIntent,
  dragRotation,
  keyDirection,
  swipeDecision,
  type SwipeDirection,
} from '../lib/swipe';
import { ProjectCard, STAMP_ORDER } from './project-card';

/** What the screen does with a swipe: the card flies off the deck, or settles back while a dialog opens. */
export type SwipeOutcome = 'fly' | 'stay';

export interface SwipeDeckProps {
  /** The cards still to show, top first (at least one). */
  cards: Project[];
  reducedMotion: boolean;
  /** Right opens the pledge dialog instead of supporting (investors, spec 001 §6). */
  rightPledges: boolean;
  /** A swipe was made (dragged past the threshold, a button or an arrow key): what it does. */
  onSwipe: (direction: SwipeDirection, project: Project) => SwipeOutcome;
  /** A card has flown off: take it out and record it. */
  onGone: (direction: 'left' | 'right', project: Project) => void;
  /** The top card was tapped (or its details button pressed). */
  onOpen: (project: Project) => void;
}

/** Behind the top card: the next one a little lower and smaller, and one more hidden behind it. `--lift` (0-1)
 * grows them into place as the top card is dragged away. */
const BEHIND: Record<number, CSSProperties> = {
  1: {
    transform:
      'translate3d(0, calc(14px * (1 - var(--lift, 0))), 0) scale(calc(0.95 + 0.05 * var(--lift, 0)))',
  },
  2: {
    transform:
      'translate3d(0, calc(28px - 14px * var(--lift, 0)), 0) scale(calc(0.9 + 0.05 * var(--lift, 0)))',
    opacity: 'var(--lift, 0)',
  },
};

const SETTLE_MS = 240;

/**
 * The swipe deck (spec 001 §2.1): one card at a time with the next stacked behind. The top card follows a pointer
 * or a finger (Pointer Events, `touch-action: none`) through a transform written once per animation frame, with no
 * React render while it moves; past 100 px a release counts: right supports, left passes, up shows the supported
 * projects. A counted card flies off in 300 ms. The buttons under it (the SKIP / FOLLOWING / FOLLOW legend) and
 * the arrow keys do the same. Reduced motion: no tilt, no fly-out, no spring.
 */
export function SwipeDeck({ cards, reducedMotion, rightPledges, onSwipe, onGone, onOpen }: SwipeDeckProps) {
  const top = cards[0]!;
  const mounted = cards.slice(0, MOUNTED_CARDS);
  const titleId = useId();
  const hintId = useId();

  const sectionRef = useRef<HTMLElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const stampsRef = useRef<HTMLSpanElement>(null);
  /** A card is flying off: nothing else may start until it is gone. */
  const flying = useRef(false);
  const flyTimer = useRef<number | null>(null);
  const [announcement, setAnnouncement] = useState('');

  /** The top card's overlays: right (SUPPORT), left (PASS), up (VIEW SUPPORTED). */
  const stamps = (): (HTMLElement | undefined)[] => {
    const children = stampsRef.current?.children;
    return STAMP_ORDER.map((_, i) => children?.[i] as HTMLElement | undefined);
  };

  function showIntent(dx: number, dy: number) {
    const intent = dragIntent(dx, dy);
    const [right, left, up] = stamps();
    if (right) right.style.opacity = String(intent.right);
    if (left) left.style.opacity = String(intent.left);
    if (up) up.style.opacity = String(intent.up);
    stageRef.current?.style.setProperty('--lift', String(intent.lift));
  }

  /** Back to rest (a drag that did not count, or a swipe that opens a dialog instead). */
  function settle() {
    const card = cardRef.current;
    if (card) {
      card.style.transition = reducedMotion
        ? 'none'
        : `transform ${SETTLE_MS}ms cubic-bezier(0.2, 0.9, 0.3, 1.25)`;
      card.style.transform = '';
    }
    for (const stamp of stamps()) {
      if (!stamp) continue;
      stamp.style.transition = reducedMotion ? 'none' : 'opacity 150ms ease-out';
      stamp.style.opacity = '0';
    }
    stageRef.current?.style.setProperty('--lift', '0');
  }

  /** Off the deck, from where the drag left it (or from rest), then gone. */
  function flyOut(direction: 'left' | 'right', project: Project, from: { dx: number; dy: number }) {
    flying.current = true;
    const card = cardRef.current;
    const stage = stageRef.current;
    const stampEl = stamps()[STAMP_ORDER.indexOf(direction)];
    if (stampEl) {
      stampEl.style.transition = reducedMotion || from.dx !== 0 ? 'none' : 'opacity 120ms ease-out';
      stampEl.style.opacity = '1';
    }
    const gone = () => {
      flyTimer.current = null;
      flying.current = false;
      setAnnouncement(`${direction === 'right' ? 'Supported' : 'Passed'} ${project.title}.`);
      onGone(direction, project);
    };
    if (reducedMotion || !card || !stage) {
      gone();
      return;
    }
    const sign = direction === 'right' ? 1 : -1;
    const distance = stage.clientWidth + Math.max(window.innerWidth, stage.clientWidth) * 0.6;
    const dy = from.dy + (from.dx === 0 ? 40 : (from.dy / Math.abs(from.dx)) * distance * 0.25);
    card.style.transition = `transform ${FLY_OUT_MS}ms cubic-bezier(0.25, 0.6, 0.45, 1)`;
    card.style.transform = `translate3d(${sign * distance}px, ${dy}px, 0) rotate(${sign * 28}deg)`;
    stage.style.setProperty('--lift', '1');
    flyTimer.current = window.setTimeout(gone, FLY_OUT_MS);
  }

  /** A swipe, however it was made. */
  function swipe(direction: SwipeDirection, from = { dx: 0, dy: 0 }) {
    if (flying.current) return;
    const outcome = onSwipe(direction, top);
    if (outcome === 'fly' && direction !== 'up') flyOut(direction, top, from);
    else settle();
  }

  const onRelease = useEffectEvent((direction: SwipeDirection | null, dx: number, dy: number) => {
    if (direction) swipe(direction, { dx, dy });
    else settle();
  });
  const onTap = useEffectEvent(() => onOpen(top));
  const onArrow = useEffectEvent((direction: SwipeDirection) => swipe(direction));
  const paint = useEffectEvent((dx: number, dy: number) => {
    const card = cardRef.current;
    if (!card) return;
    const tilt = reducedMotion ? 0 : dragRotation(dx);
    card.style.transform = `translate3d(${dx}px, ${dy}px, 0) rotate(${tilt}deg)`;
    showIntent(dx, dy);
  });

  // A new top card starts at rest, and the ones behind from their resting place.
  useLayoutEffect(() => {
    stageRef.current?.style.setProperty('--lift', '0');
  }, [top.id]);

  // The drag: native listeners on the top card, its position kept in this closure and painted once a frame.
  useEffect(() => {
    const card = cardRef.current;
    const stage = stageRef.current;
    if (!card || !stage) return;
    let drag: { id: number; x0: number; y0: number; dx: number; dy: number; moved: boolean } | null = null;
    let frame = 0;

    const onFrame = () => {
      frame = 0;
      if (drag) paint(drag.dx, drag.dy);
    };
    const end = () => {
      if (frame) cancelAnimationFrame(frame);
      frame = 0;
      delete stage.dataset.dragging;
      const ended = drag;
      drag = null;
      return ended;
    };
    const down = (event: PointerEvent) => {
      if (drag || flying.current || !event.isPrimary) return;
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      if (event.target instanceof Element && event.target.closest('button, a, input, textarea, select'))
        return;
      drag = { id: event.pointerId, x0: event.clientX, y0: event.clientY, dx: 0, dy: 0, moved: false };
      card.setPointerCapture?.(event.pointerId);
      card.style.transition = 'none';
      for (const stamp of stamps()) if (stamp) stamp.style.transition = 'none';
    };
    const move = (event: PointerEvent) => {
      if (!drag || event.pointerId !== drag.id) return;
      drag.dx = event.clientX - drag.x0;
      drag.dy = event.clientY - drag.y0;
      if (!drag.moved) {
        if (Math.hypot(drag.dx, drag.dy) < TAP_SLOP_PX) return;
        drag.moved = true;
        stage.dataset.dragging = '';
      }
      if (!frame) frame = requestAnimationFrame(onFrame);
    };
    const up = (event: PointerEvent) => {
      if (!drag || event.pointerId !== drag.id) return;
      const ended = end()!;
      if (!ended.moved) onTap();
      else onRelease(swipeDecision(ended.dx, ended.dy), ended.dx, ended.dy);
    };
    const cancel = (event: PointerEvent) => {
      if (!drag || event.pointerId !== drag.id) return;
      end();
      onRelease(null, 0, 0);
    };
    card.addEventListener('pointerdown', down);
    card.addEventListener('pointermove', move);
    card.addEventListener('pointerup', up);
    card.addEventListener('pointercancel', cancel);
    return () => {
      card.removeEventListener('pointerdown', down);
      card.removeEventListener('pointermove', move);
      card.removeEventListener('pointerup', up);
      card.removeEventListener('pointercancel', cancel);
      if (frame) cancelAnimationFrame(frame);
      delete stage.dataset.dragging;
    };
  }, [top.id]);

  // ←, →, ↑ while nothing else has the keyboard (the page itself, or the deck and its buttons).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const direction = keyDirection(event.key);
      if (!direction) return;
      const target = event.target;
      const free =
        target === document.body ||
        target === document.documentElement ||
        (target instanceof Node && sectionRef.current?.contains(target));
      if (!free) return;
      event.preventDefault();
      onArrow(direction);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(
    () => () => {
      if (flyTimer.current !== null) clearTimeout(flyTimer.current);
    },
    [],
  );

  return (
    <section
      ref={sectionRef}
      aria-label="Projects to explore"
      aria-describedby={hintId}
      className="flex min-h-0 flex-1 flex-col gap-4"
    >
      <div ref={stageRef} className="group relative min-h-0 flex-1">
        {mounted
          .map((project, depth) => ({ project, depth }))
          .reverse()
          .map(({ project, depth }) =>
            depth === 0 ? (
              <article
                key={project.id}
                ref={cardRef}
                aria-labelledby={titleId}
                data-testid="deck-top-card"
                className="absolute inset-0 z-30 cursor-grab touch-none select-none will-change-transform active:cursor-grabbing"
              >
                <ProjectCard
                  project={project}
                  titleId={titleId}
                  stampsRef={stampsRef}
                  onDetails={() => onOpen(project)}
                />
              </article>
            ) : (
              <div
                key={project.id}
                aria-hidden
                inert
                className={cn(
                  'pointer-events-none absolute inset-0 origin-bottom transition-[transform,opacity] duration-200 ease-out group-data-[dragging]:transition-none',
                  depth === 1 ? 'z-20' : 'z-10',
                )}
                style={BEHIND[depth]}
              >
                <ProjectCard project={project} />
              </div>
            ),
          )}
      </div>

      <div className="flex items-start justify-center gap-6">
        <DeckButton
          label="SKIP"
          icon={X}
          keys="ArrowLeft"
          title="Pass on this project (←)"
          tone="border-destructive/30 text-destructive"
          onClick={() => swipe('left')}
        />
        <DeckButton
          label="FOLLOWING"
          icon={Star}
          keys="ArrowUp"
          title="See the projects you follow (↑)"
          tone="border-primary/30 text-primary"
          small
          onClick={() => swipe('up')}
        />
        <DeckButton
          label="FOLLOW"
          icon={Heart}
          keys="ArrowRight"
          title={rightPledges ? 'Make an investment pledge (→)' : 'Support this project (→)'}
          tone="border-success/30 text-success"
          onClick={() => swipe('right')}
        />
      </div>
      <p
        id={hintId}
        className="-mt-1 flex items-center justify-center gap-1.5 text-xs font-medium text-muted-foreground"
      >
        <Hand className="size-3.5" aria-hidden />
        Swipe on the cards to interact!
        <span className="sr-only">
          {' '}
          Right {rightPledges ? 'makes an investment pledge' : 'supports'}, left passes, up shows the projects
          you follow; the arrow keys do the same.
        </span>
      </p>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}

function DeckButton({
  label,
  icon: Icon,
  keys,
  title,
  tone,
  small = false,
  onClick,
}: {
  label: string;
  icon: LucideIcon;
  keys: string;
  title: string;
  tone: string;
  small?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      title={title}
      aria-keyshortcuts={keys}
      className="group/button flex min-w-16 flex-col items-center gap-1 rounded-2xl font-display text-[0.6875rem] font-extrabold tracking-[0.14em] text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <span
        className={cn(
          'flex items-center justify-center rounded-full border-2 bg-card shadow-soft transition-transform duration-150 ease-out group-hover/button:scale-105 group-active/button:scale-90',
          small ? 'mt-2 size-12' : 'size-[3.75rem]',
          tone,
        )}
      >
        <Icon className={small ? 'size-5' : 'size-7'} strokeWidth={2.75} aria-hidden />
      </span>
      {label}
    </button>
  );
}
