// What an act paid, in words (shared/API.md "Coins"): every answer that pays says what it paid (`coinsEarned`) and
// whether today's cap for its kind stopped it (`coinsCapped`). The screens say exactly that, never an amount the
// answer did not give.

/** The kinds of act whose coins are capped per UTC day (tasks 5, projects 2, supports 10, connections 10, joins 3). */
export type CoinKind = 'task' | 'project' | 'support' | 'connection' | 'join';

/** The part of a paying answer that says what it paid. */
export interface CoinAnswer {
  coinsEarned?: number | null;
  coinsCapped?: boolean | null;
}

/** Each kind as the cap sentence names it: 'today's coin limit for completing tasks'. */
const KIND_WORDS: Record<CoinKind, string> = {
  task: 'completing tasks',
  project: 'creating projects',
  support: 'supporting projects',
  connection: 'new connections',
  join: 'joining projects',
};

/** '1 coin', '25 coins', '1,250 coins'. */
export function coinCount(n: number): string {
  return `${n.toLocaleString('en-GB')} coin${n === 1 ? '' : 's'}`;
}

/** "You've reached today's coin limit for completing tasks, so this one earned no coins." */
export function cappedText(kind: CoinKind): string {
  return `You've reached today's coin limit for ${KIND_WORDS[kind]}, so this one earned no coins.`;
}

/** What the answer paid: the coins (above 0), capped (today's limit reached), or nothing to say. */
export type Paid = { kind: 'earned'; coins: number } | { kind: 'capped' } | { kind: 'none' };

export function paidOf(answer: CoinAnswer): Paid {
  if (answer.coinsCapped === true) return { kind: 'capped' };
  const coins = answer.coinsEarned;
  if (typeof coins === 'number' && Number.isFinite(coins) && coins > 0) return { kind: 'earned', coins };
  return { kind: 'none' };
}

/**
 * The coin sentence of a toast: 'You earned 25 coins.' (with `reason`: 'You earned 25 coins for supporting this
 * project.'), the cap sentence when the day's limit stopped it, or null when it paid nothing to speak of (a task
 * completed before, an existing connection).
 */
export function coinsSentence(answer: CoinAnswer, kind: CoinKind, reason?: string): string | null {
  const paid = paidOf(answer);
  if (paid.kind === 'capped') return cappedText(kind);
  if (paid.kind === 'none') return null;
  return `You earned ${coinCount(paid.coins)}${reason ? ` ${reason}` : ''}.`;
}

/** Sentences joined with a space, the empty and missing ones left out. */
export function sentences(...parts: (string | null | undefined)[]): string {
  return parts.filter((part): part is string => Boolean(part)).join(' ');
}
