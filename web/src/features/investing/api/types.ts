import type { components } from '@/lib/api/schema';

/** One of my pledges (spec 001 §3), with its project's title; amounts in pence. */
export type Pledge = components['schemas']['Pledge'];
