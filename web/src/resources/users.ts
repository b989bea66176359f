import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { apiKey } from '@/lib/api/query-keys';
import type { components } from '@/lib/api/schema';
import type { User } from '@/lib/session';

/**
 * People (spec 000 §7, spec 001 §7), for every area that changes my record or looks someone up: the profile form,
 * the plan, the device position (search), the email settings (account), the team's people search (projects).
 */

export type UpdateProfileRequest = components['schemas']['UpdateProfileRequest'];

/**
 * `PATCH /api/users/profile`: any of location, bio, skills, role, the device position (`lat`, `lng`, snapped to
 * about a kilometre by the server) and the settings. Answers my record.
 */
export function updateProfile(body: UpdateProfileRequest): Promise<User> {
  return unwrap(api.PATCH('/api/users/profile', { body }));
}

/** `GET /api/users/search?q=`: people to add to a team (discoverable, never the caller, never with email). */
export function peopleSearchQuery(q: string) {
  const query = { q, limit: '20' };
  return queryOptions({
    queryKey: apiKey('/api/users/search', query),
    queryFn: ({ signal }): Promise<components['schemas']['User'][]> =>
      unwrap(api.GET('/api/users/search', { params: { query }, signal })),
  });
}
