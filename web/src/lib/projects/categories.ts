/** Categories (API.md "Categories"): one list for the create form and the feed, stored lowercase. */
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
  return known ? known.label : value.charAt(0).toUpperCase() + value.slice(1);
}
