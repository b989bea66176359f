import type { Page } from '@/lib/api/pages';
import type { Feedback, Project } from '../api/types';

/**
 * The cards still to show, in order (spec 001 §4 Feed): every loaded page, without the projects swiped already
 * (the server leaves them out of later pages; this covers the pages loaded before the swipe), each project once.
 */
export function deckCards(
  pages: readonly Page<Project>[] | undefined,
  swiped: ReadonlySet<number> = new Set(),
): Project[] {
  const seen = new Set<number>();
  const cards: Project[] = [];
  for (const page of pages ?? []) {
    for (const project of page.items) {
      if (swiped.has(project.id) || seen.has(project.id)) continue;
      seen.add(project.id);
      cards.push(project);
    }
  }
  return cards;
}

/** Pages with one project taken out (a swipe), each page keeping its cursor. */
export function withoutProject(pages: readonly Page<Project>[], projectId: number): Page<Project>[] {
  return pages.map((page) =>
    page.items.some((project) => project.id === projectId)
      ? { ...page, items: page.items.filter((project) => project.id !== projectId) }
      : page,
  );
}

/** Where a project sits in the deck's pages: the page and its position there. */
export interface DeckPlace {
  page: number;
  index: number;
}

export function placeOf(pages: readonly Page<Project>[], projectId: number): DeckPlace | null {
  for (const [page, { items }] of pages.entries()) {
    const index = items.findIndex((project) => project.id === projectId);
    if (index >= 0) return { page, index };
  }
  return null;
}

/**
 * Pages with a project put back where it was (a swipe the server did not take), unless it is there already. The
 * cards before it have been swiped since, so it comes back on top.
 */
export function withProjectAt(
  pages: readonly Page<Project>[],
  project: Project,
  place: DeckPlace,
): Page<Project>[] {
  if (placeOf(pages, project.id) !== null || pages.length === 0) return [...pages];
  const pageIndex = Math.min(place.page, pages.length - 1);
  return pages.map((page, index) => {
    if (index !== pageIndex) return page;
    const items = [...page.items];
    items.splice(Math.min(place.index, items.length), 0, project);
    return { ...page, items };
  });
}

/** Fetch the next page while this many cards or fewer are left, so the deck never waits at its end. */
export const PREFETCH_WHEN_LEFT = 5;

export function shouldPrefetch(cardsLeft: number, hasNextPage: boolean, isFetching: boolean): boolean {
  return hasNextPage && !isFetching && cardsLeft <= PREFETCH_WHEN_LEFT;
}

/** A top-level comment and its replies (spec 001 §2.1 Feedback). */
export interface FeedbackThread {
  comment: Feedback;
  replies: Feedback[];
}

/**
 * Comments newest first, each with its replies oldest first (a conversation reads downwards). A reply whose comment
 * is not loaded (yet) is shown as a comment of its own rather than hidden.
 */
export function feedbackThreads(items: readonly Feedback[]): FeedbackThread[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  const threads = new Map<number, FeedbackThread>();
  const isTopLevel = (item: Feedback) => item.parentId == null || !byId.has(item.parentId);
  for (const item of items) if (isTopLevel(item)) threads.set(item.id, { comment: item, replies: [] });
  for (const item of items) {
    if (isTopLevel(item)) continue;
    // A reply to a reply joins the thread of the comment at its root.
    let root = byId.get(item.parentId!);
    const visited = new Set<number>();
    while (root && !isTopLevel(root) && !visited.has(root.id)) {
      visited.add(root.id);
      root = byId.get(root.parentId!);
    }
    const thread = root ? threads.get(root.id) : undefined;
    if (thread) thread.replies.push(item);
    else threads.set(item.id, { comment: item, replies: [] });
  }
  const newestFirst = (a: Feedback, b: Feedback) => byTime(b, a);
  return [...threads.values()]
    .sort((a, b) => newestFirst(a.comment, b.comment))
    .map((thread) => ({ ...thread, replies: [...thread.replies].sort(byTime) }));
}

function byTime(a: Feedback, b: Feedback): number {
  return Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id;
}

/** A commenter's name and initials (spec 001 §2.1: 'Anonymous User' and 'U' when there is no name). */
export function authorIdentity(name: string | null | undefined): { name: string; initials: string } {
  const trimmed = (name ?? '').trim();
  if (!trimmed) return { name: 'Anonymous User', initials: 'U' };
  const parts = trimmed.split(/\s+/);
  const first = Array.from(parts[0] ?? '')[0] ?? '';
  const last = parts.length > 1 ? (Array.from(parts[parts.length - 1] ?? '')[0] ?? '') : '';
  return { name: trimmed, initials: (first + last).toUpperCase() || 'U' };
}
