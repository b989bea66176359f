/** The swipe deck's gesture rules (spec 001 §2.1, §4, §9). */

/** A drag must go further than this to count (spec 001 §9). */
export const SWIPE_THRESHOLD_PX = 100;
/** How long a card takes to fly off the deck (spec 001 §4, §9). */
export const FLY_OUT_MS = 300;
/** How far a pointer may wander before a press stops being a tap and becomes a drag. */
export const TAP_SLOP_PX = 6;

/** Right supports (investors: pledge), left passes, up opens the supported projects. */
export type SwipeDirection = 'left' | 'right' | 'up';

/**
 * What a drag that ended `dx`, `dy` pixels from where it started means: the axis it went furthest along decides,
 * and it counts only past the threshold. Down is no gesture.
 */
export function swipeDecision(dx: number, dy: number, threshold = SWIPE_THRESHOLD_PX): SwipeDirection | null {
  if (Math.abs(dx) >= Math.abs(dy)) {
    if (dx > threshold) return 'right';
    if (dx < -threshold) return 'left';
    return null;
  }
  return dy < -threshold ? 'up' : null;
}

/** How strongly each overlay shows during a drag (0 to 1, full at the threshold), and how far the next card rises. */
export interface DragIntent {
  right: number;
  left: number;
  up: number;
  /** 0 at rest, 1 once the drag would count: the card behind grows into place. */
  lift: number;
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** The overlays' strengths for a drag of `dx`, `dy`: only the direction the drag is heading shows. */
export function dragIntent(dx: number, dy: number, threshold = SWIPE_THRESHOLD_PX): DragIntent {
  const horizontal = Math.abs(dx) >= Math.abs(dy);
  const right = horizontal ? clamp01(dx / threshold) : 0;
  const left = horizontal ? clamp01(-dx / threshold) : 0;
  const up = horizontal ? 0 : clamp01(-dy / threshold);
  return { right, left, up, lift: clamp01(Math.hypot(dx, dy) / threshold) };
}

/** The card's tilt while dragged: a few degrees, following the pointer sideways. */
export function dragRotation(dx: number): number {
  return Math.max(-15, Math.min(15, dx / 20));
}

/** The keys that swipe (for people who do not drag): ←, →, ↑. */
export function keyDirection(key: string): SwipeDirection | null {
  switch (key) {
    case 'ArrowLeft':
      return 'left';
    case 'ArrowRight':
      return 'right';
    case 'ArrowUp':
      return 'up';
    default:
      return null;
  }
}
