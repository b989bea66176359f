/** A card shows this many looking-for tags, then '+N' (spec 001 §2.1, §9). */
export const CARD_TAG_LIMIT = 2;

/** The tags a card shows and how many more there are: ['A', 'B', 'C'] → { shown: ['A', 'B'], more: 1 }. */
export function cardTags(tags: readonly string[], limit = CARD_TAG_LIMIT): { shown: string[]; more: number } {
  const clean = tags.filter((tag) => tag.trim() !== '');
  return { shown: clean.slice(0, limit), more: Math.max(0, clean.length - limit) };
}
