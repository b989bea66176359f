/** How a project reads on the deck and in the dialogs: categories, phases, looking-for tags, images. */

/** Categories (API.md "Categories"): one list for the feed filter and the create form, stored lowercase. */
export const CATEGORIES = [
  { value: 'technology', label: 'Technology' },
  { value: 'design', label: 'Design & UI/UX' },
  { value: 'business', label: 'Business' },
  { value: 'healthcare', label: 'Healthcare' },
  { value: 'education', label: 'Education' },
  { value: 'art', label: 'Art' },
  { value: 'music', label: 'Music' },
  { value: 'film', label: 'Film' },
  { value: 'other', label: 'Other' },
] as const;

/** The display label of a stored category ('design' → 'Design & UI/UX'); unknown values are capitalised. */
export function categoryLabel(value: string | null | undefined): string {
  if (!value) return 'Uncategorised';
  const known = CATEGORIES.find((category) => category.value === value.toLowerCase());
  return known ? known.label : capitalise(value);
}

/** Looking For (spec 001 §3): who a project wants. */
export const LOOKING_FOR_OPTIONS = ['Innovator', 'Collaborator', 'Explorer'] as const;

const PHASES = ['idea', 'planning', 'prototype', 'development', 'launch'] as const;

/** 'idea' → 'Idea'; a value outside the five is shown capitalised. */
export function phaseLabel(phase: string): string {
  return phase ? capitalise(phase) : 'Unknown';
}

/** The phase on the purple scale, light (idea) to deep (launch); other values in the default style. */
export function phaseTone(phase: string): string {
  switch ((PHASES as readonly string[]).indexOf(phase)) {
    case 0:
      return 'bg-phase-1 text-phase-1-foreground';
    case 1:
      return 'bg-phase-2 text-phase-2-foreground';
    case 2:
      return 'bg-phase-3 text-phase-3-foreground';
    case 3:
      return 'bg-phase-4 text-phase-4-foreground';
    case 4:
      return 'bg-phase-5 text-phase-5-foreground';
    default:
      return 'bg-muted text-muted-foreground';
  }
}

/** A card shows this many looking-for tags, then '+N' (spec 001 §2.1, §9). */
export const CARD_TAG_LIMIT = 2;

/** The tags a card shows and how many more there are: ['A', 'B', 'C'] → { shown: ['A', 'B'], more: 1 }. */
export function cardTags(tags: readonly string[], limit = CARD_TAG_LIMIT): { shown: string[]; more: number } {
  const clean = tags.filter((tag) => tag.trim() !== '');
  return { shown: clean.slice(0, limit), more: Math.max(0, clean.length - limit) };
}

/**
 * The 256 px thumbnail the server keeps beside every uploaded photo (`/api/files/abc.jpg` →
 * `/api/files/abc_256.jpg`), for small sizes; any other address (a data URL, a GIF) is returned as it is.
 */
export function thumbnailUrl(url: string): string {
  const match = /^(\/api\/files\/[^/?#]+)\.jpg$/.exec(url);
  if (!match || match[1]!.endsWith('_256')) return url;
  return `${match[1]}_256.jpg`;
}

/** The letter on a project's placeholder when it has no image. */
export function projectInitial(title: string): string {
  return Array.from(title.trim())[0]?.toUpperCase() ?? '?';
}

function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
