// Wire types of the search area (spec 001 §3 "User (as used in discovery)", "Responses: Search"; API.md "Search",
// "Nearby"), named after the server's OpenAPI schemas.
import type { components } from '@/lib/api/schema';

type Schemas = components['schemas'];

export type Project = Schemas['Project'];
export type Connection = Schemas['Connection'];
export type ConnectionWithUser = Schemas['ConnectionWithUser'];
export type NearbyUser = Schemas['NearbyUser'];

/** A person in search results: the public user (never an email), position rounded, distance from the device. */
export type SearchUser = Schemas['SearchUser'];
/** A project in search results: the project, its owner's role, and how far it is (null when unknown). */
export type SearchProject = Schemas['SearchProject'];
/** `GET /api/search` and `GET /api/simple-search` (the same shape): results and what was understood. */
export type SearchResponse = Schemas['SearchAnswer'];

/** What a person card needs: a search result or a nearby person. */
export type Person = Pick<
  SearchUser,
  'id' | 'firstName' | 'lastName' | 'username' | 'role' | 'profileImageUrl' | 'skills' | 'location'
> & { distanceKm?: number | null };

/** A device or profile position in degrees. */
export interface Position {
  lat: number;
  lng: number;
}
