import { describe, expect, it } from 'vitest';
import { cardTags, categoryLabel, projectInitial, thumbnailUrl } from './project-display';

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

describe('categoryLabel', () => {
  it('reads the stored categories as people see them', () => {
    expect(categoryLabel('design')).toBe('Design & UI/UX');
    expect(categoryLabel('technology')).toBe('Technology');
    expect(categoryLabel('Healthcare')).toBe('Healthcare');
    expect(categoryLabel('gaming')).toBe('Gaming');
    expect(categoryLabel('')).toBe('Uncategorised');
  });
});

describe('thumbnailUrl', () => {
  it('points an uploaded photo at its 256 px thumbnail', () => {
    expect(thumbnailUrl('/api/files/abc.jpg')).toBe('/api/files/abc_256.jpg');
    expect(thumbnailUrl('/api/files/abc_256.jpg')).toBe('/api/files/abc_256.jpg');
    expect(thumbnailUrl('/api/files/abc.png')).toBe('/api/files/abc_256.png');
    expect(thumbnailUrl('/api/files/abc_256.png')).toBe('/api/files/abc_256.png');
    expect(thumbnailUrl('/api/files/abc.gif')).toBe('/api/files/abc.gif');
    expect(thumbnailUrl('data:image/png;base64,aGk=')).toBe('data:image/png;base64,aGk=');
  });
});

describe('projectInitial', () => {
  it('is the first letter of the title', () => {
    expect(projectInitial('ledgerly')).toBe('L');
    expect(projectInitial('  Ödön')).toBe('Ö');
    expect(projectInitial('')).toBe('?');
  });
});
