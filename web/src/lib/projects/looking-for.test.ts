// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cardTags } from './looking-for';

describe('cardTags', () => {
  it('shows at most 2 looking-for tags, then +N', () => {
    expect(cardTags([])).toEqual({ shown: [], more: 0 });
    expect(cardTags(['Innovator'])).toEqual({ shown: ['Innovator'], more: 0 });
    expect(cardTags(['Innovator', 'Explorer'])).toEqual({ shown: ['Innovator', 'Explorer'], more: 0 });
    expect(cardTags(['Innovator', 'Collaborator', 'Explorer'])).toEqual({
      shown: ['Innovator', 'Collaborator'],
      more: 1,
    });
    expect(cardTags(['A', 'B', 'C', 'D', 'E'])).toEqual({ shown: ['A', 'B'], more: 3 });
  });

  it('does not count blank tags', () => {
    expect(cardTags(['', 'Explorer', ' '])).toEqual({ shown: ['Explorer'], more: 0 });
  });
});
