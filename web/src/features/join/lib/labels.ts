/** Display words of the join screen (spec 000 §2 Join-project screen). */

const CATEGORY_LABELS: Record<string, string> = {
  technology: 'Technology',
  design: 'Design & UI/UX',
  business: 'Business',
  healthcare: 'Healthcare',
  education: 'Education',
  art: 'Art',
  music: 'Music',
  film: 'Film',
  other: 'Other',
};

/** API.md's category labels ('design' → 'Design & UI/UX'); others capitalised. */
export function categoryLabel(value: string): string {
  if (!value) return 'Uncategorised';
  return CATEGORY_LABELS[value.toLowerCase()] ?? value.charAt(0).toUpperCase() + value.slice(1);
}

export function phaseLabel(value: string): string {
  return value ? value.charAt(0).toUpperCase() + value.slice(1) : 'Idea';
}

/** "WE'RE LOOKING FOR:" never shows Investor (spec 000 §2). */
export function visibleLookingFor(lookingFor: readonly string[]): string[] {
  return lookingFor.filter((role) => role.trim().toLowerCase() !== 'investor');
}
