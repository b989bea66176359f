import { describe, expect, it } from 'vitest';
import { makeFeedback, makeProject } from '../test-data';
import {
  authorIdentity,
  deckCards,
  feedbackThreads,
  placeOf,
  shouldPrefetch,
  withProjectAt,
  withoutProject,
} from './deck';

const page = (ids: number[], nextCursor: string | null = null) => ({
  items: ids.map((id) => makeProject({ id })),
  nextCursor,
});

describe('deckCards', () => {
  it('lists every loaded page in order', () => {
    expect(deckCards([page([5, 4], 'c1'), page([3, 2])]).map((p) => p.id)).toEqual([5, 4, 3, 2]);
    expect(deckCards(undefined)).toEqual([]);
  });

  it('leaves out the projects swiped already', () => {
    const cards = deckCards([page([5, 4, 3]), page([2, 1])], new Set([4, 1]));
    expect(cards.map((p) => p.id)).toEqual([5, 3, 2]);
  });

  it('shows a project once even when two pages both carry it', () => {
    expect(deckCards([page([3, 2]), page([2, 1])]).map((p) => p.id)).toEqual([3, 2, 1]);
  });

  it('is empty once everything loaded was swiped', () => {
    expect(deckCards([page([2, 1])], new Set([1, 2]))).toEqual([]);
  });
});

describe('placeOf and withProjectAt', () => {
  it('puts a project back where it was, once, keeping the cursors', () => {
    const before = [page([5, 4], 'c1'), page([3, 2])];
    const place = placeOf(before, 3);
    expect(place).toEqual({ page: 1, index: 0 });
    const after = withoutProject(before, 3);
    const back = withProjectAt(after, makeProject({ id: 3 }), place!);
    expect(deckCards(back).map((p) => p.id)).toEqual([5, 4, 3, 2]);
    expect(back.map((p) => p.nextCursor)).toEqual(['c1', null]);
    expect(withProjectAt(back, makeProject({ id: 3 }), place!)).toEqual(back);
  });

  it('two swipes in flight that both fail come back on top, the last one swiped first', () => {
    const start = [page([5, 4, 3])];
    const place5 = placeOf(start, 5)!;
    const afterFirst = withoutProject(start, 5);
    const place4 = placeOf(afterFirst, 4)!;
    const afterBoth = withoutProject(afterFirst, 4);
    const fiveBack = withProjectAt(afterBoth, makeProject({ id: 5 }), place5);
    expect(deckCards(fiveBack).map((p) => p.id)).toEqual([5, 3]);
    expect(deckCards(withProjectAt(fiveBack, makeProject({ id: 4 }), place4)).map((p) => p.id)).toEqual([
      4, 5, 3,
    ]);
  });
});

describe('withoutProject', () => {
  it('takes a swiped project out of its page and keeps every cursor', () => {
    const pages = withoutProject([page([5, 4], 'c1'), page([3], 'c2')], 4);
    expect(pages.map((p) => p.items.map((i) => i.id))).toEqual([[5], [3]]);
    expect(pages.map((p) => p.nextCursor)).toEqual(['c1', 'c2']);
  });
});

describe('shouldPrefetch', () => {
  it('fetches the next page while a few cards are still left, once', () => {
    expect(shouldPrefetch(20, true, false)).toBe(false);
    expect(shouldPrefetch(5, true, false)).toBe(true);
    expect(shouldPrefetch(0, true, false)).toBe(true);
    expect(shouldPrefetch(3, true, true)).toBe(false);
    expect(shouldPrefetch(3, false, false)).toBe(false);
  });
});

describe('feedbackThreads', () => {
  it('puts replies under their comment, oldest first, and comments newest first', () => {
    const threads = feedbackThreads([
      makeFeedback({ id: 4, parentId: 1, createdAt: '2026-03-05T00:00:00Z' }),
      makeFeedback({ id: 3, parentId: null, createdAt: '2026-03-04T00:00:00Z' }),
      makeFeedback({ id: 2, parentId: 1, createdAt: '2026-03-02T00:00:00Z' }),
      makeFeedback({ id: 1, parentId: null, createdAt: '2026-03-01T00:00:00Z' }),
    ]);
    expect(threads.map((t) => [t.comment.id, t.replies.map((r) => r.id)])).toEqual([
      [3, []],
      [1, [2, 4]],
    ]);
  });

  it('files a reply to a reply under the comment at its root', () => {
    const threads = feedbackThreads([
      makeFeedback({ id: 3, parentId: 2, createdAt: '2026-03-03T00:00:00Z' }),
      makeFeedback({ id: 2, parentId: 1, createdAt: '2026-03-02T00:00:00Z' }),
      makeFeedback({ id: 1, parentId: null, createdAt: '2026-03-01T00:00:00Z' }),
    ]);
    expect(threads.map((t) => [t.comment.id, t.replies.map((r) => r.id)])).toEqual([[1, [2, 3]]]);
  });

  it('shows a reply whose comment is not loaded as a comment rather than hiding it', () => {
    const threads = feedbackThreads([makeFeedback({ id: 9, parentId: 77 })]);
    expect(threads.map((t) => t.comment.id)).toEqual([9]);
  });
});

describe('authorIdentity', () => {
  it("falls back to 'Anonymous User' and 'U' without a name", () => {
    expect(authorIdentity('')).toEqual({ name: 'Anonymous User', initials: 'U' });
    expect(authorIdentity(null)).toEqual({ name: 'Anonymous User', initials: 'U' });
    expect(authorIdentity('   ')).toEqual({ name: 'Anonymous User', initials: 'U' });
  });

  it('takes the first and last initials of a name', () => {
    expect(authorIdentity('Diego Hernández')).toEqual({ name: 'Diego Hernández', initials: 'DH' });
    expect(authorIdentity('ada')).toEqual({ name: 'ada', initials: 'A' });
  });
});
