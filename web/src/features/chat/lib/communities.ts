/**
 * Community rooms by slug (spec 000 §2 "Community chat names"; API.md "Community rooms"). The server names the
 * four rooms and counts their members; an unknown slug reads 'Community' in the list and 'Community Chat' as a
 * chat's title.
 */
export const COMMUNITY_BLURBS: Record<string, string> = {
  tech: 'Builders, hackers and makers of new tech',
  startups: 'Founders swapping notes on building companies',
  explorers: 'Research, questions and discoveries',
  investors: 'Backers looking for the next big idea',
};

export function communityName(_slug: string, serverName?: string | null): string {
  return serverName?.trim() || 'Community';
}

export function communityChatTitle(_slug: string, serverName?: string | null): string {
  return serverName?.trim() || 'Community Chat';
}

export function communityBlurb(slug: string): string {
  return COMMUNITY_BLURBS[slug] ?? 'Talk with people who share your interests';
}
