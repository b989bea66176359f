// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { categoryLabel, phaseLabel, visibleLookingFor } from './labels';

describe('join screen labels', () => {
  it('hides Investor from the looking-for list, whatever its case', () => {
    expect(visibleLookingFor(['Investor', 'Collaborator', 'investor', 'Explorer'])).toEqual([
      'Collaborator',
      'Explorer',
    ]);
  });

  it('shows categories by their API.md labels and phases capitalised', () => {
    expect(categoryLabel('design')).toBe('Design & UI/UX');
    expect(categoryLabel('technology')).toBe('Technology');
    expect(categoryLabel('robots')).toBe('Robots');
    expect(phaseLabel('development')).toBe('Development');
  });
});
