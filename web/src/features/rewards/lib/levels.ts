/** The eleven levels by lifetime coins (spec 000 §9: eleven, although the original tips text says ten). */
export const LEVELS: readonly { name: string; floor: number }[] = [
  { name: 'Fresher I', floor: 0 },
  { name: 'Fresher II', floor: 5_000 },
  { name: 'Fresher III', floor: 10_000 },
  { name: 'Impact Maker I', floor: 15_000 },
  { name: 'Impact Maker II', floor: 25_000 },
  { name: 'Impact Maker III', floor: 35_000 },
  { name: 'Impact Master I', floor: 45_000 },
  { name: 'Impact Master II', floor: 60_000 },
  { name: 'Impact Master III', floor: 80_000 },
  { name: 'Change Maker', floor: 100_000 },
  { name: 'Legend', floor: 150_000 },
];

/** One coin is about four minutes of effort (spec 000 §9: Approx. Mins = lifetime coins × 4). */
export const MINUTES_PER_COIN = 4;

/** The level (1 to 11) a lifetime total reaches. */
export function levelNumberFor(lifetimeCoins: number): number {
  let number = 1;
  LEVELS.forEach((level, index) => {
    if (lifetimeCoins >= level.floor) number = index + 1;
  });
  return number;
}

/** The name of the level reached by `after` if it is higher than the one of `before`, else null (spec 000 §4). */
export function levelReached(before: number, after: number): string | null {
  const from = levelNumberFor(before);
  const to = levelNumberFor(after);
  return to > from ? (LEVELS[to - 1]?.name ?? null) : null;
}

export interface LevelProgress {
  /** Coins earned since the level began. */
  within: number;
  /** Coins from this level's floor to the next one's (0 at the top). */
  span: number;
  /** Coins still to earn for the next level (0 at the top). */
  remaining: number;
  /** 0 to 100, for the bar; 100 at the top. */
  percent: number;
  /** The top level: the bar reads MAX LEVEL. */
  isMax: boolean;
}

/**
 * The level bar (spec 000 §9): coins within the current level over the span to the next; full, and MAX LEVEL,
 * at the top (no next floor).
 */
export function levelProgress(
  lifetimeCoins: number,
  level: { floor: number; nextFloor?: number | null },
): LevelProgress {
  const next = level.nextFloor ?? null;
  if (next === null || next <= level.floor) {
    return {
      within: Math.max(0, lifetimeCoins - level.floor),
      span: 0,
      remaining: 0,
      percent: 100,
      isMax: true,
    };
  }
  const span = next - level.floor;
  const within = Math.min(span, Math.max(0, lifetimeCoins - level.floor));
  return {
    within,
    span,
    remaining: span - within,
    percent: Math.min(100, Math.max(0, (within / span) * 100)),
    isMax: false,
  };
}

/** A count of coins as people read it here: 12,450. */
export function formatCoins(value: number): string {
  return value.toLocaleString('en-GB');
}
