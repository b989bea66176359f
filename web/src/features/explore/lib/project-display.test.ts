// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { categoryLabel } from './project-display';

describe('categoryLabel', () => {
  it('reads the stored categories as people see them', () => {
    expect(categoryLabel('design')).toBe('Design & UI/UX');
    expect(categoryLabel('technology')).toBe('Technology');
    expect(categoryLabel('Healthcare')).toBe('Healthcare');
    expect(categoryLabel('gaming')).toBe('Gaming');
    expect(categoryLabel('')).toBe('Uncategorised');
  });
});
