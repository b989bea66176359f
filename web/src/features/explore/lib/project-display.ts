/** How a project reads on the deck and in the dialogs: categories, phases, looking-for tags, images. */

// Categories read the same everywhere (src/lib/projects).
export { CATEGORIES, categoryLabel } from '@/lib/projects/categories';

/** Looking For (spec 001 §3): who a project wants. */
export const LOOKING_FOR_OPTIONS = ['Innovator', 'Collaborator', 'Explorer'] as const;
