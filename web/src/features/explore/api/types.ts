import type { components } from '@/lib/api/schema';

export type Project = components['schemas']['Project'];
export type ProjectUpdate = components['schemas']['ProjectUpdate'];
export type Feedback = components['schemas']['Feedback'];
export type NewFeedback = components['schemas']['NewFeedback'];
export type Pledge = components['schemas']['Pledge'];
export type PledgeResponse = components['schemas']['PledgeResponse'];
export type SupportResponse = components['schemas']['SupportResponse'];
export type Swipe = components['schemas']['Swipe'];

/** The deck's filters (spec 001 §2.1): '' means any. */
export interface DeckFilters {
  category: string;
  lookingFor: string;
}

export const NO_FILTERS: DeckFilters = { category: '', lookingFor: '' };
