// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { SKILLS_CATALOGUE } from './skills-catalogue';
import { addSkill, canAddCustom, removeSkill, suggestSkills } from './skills';

describe('the skills catalogue', () => {
  it('holds about 90 distinct skills, including the spec’s examples', () => {
    expect(SKILLS_CATALOGUE.length).toBeGreaterThanOrEqual(85);
    expect(SKILLS_CATALOGUE.length).toBeLessThanOrEqual(100);
    expect(new Set(SKILLS_CATALOGUE.map((s) => s.toLowerCase())).size).toBe(SKILLS_CATALOGUE.length);
    for (const example of [
      'React',
      'Python',
      'UI/UX Design',
      'Machine Learning',
      'Blockchain',
      'Game Development',
      'Quality Assurance',
      'Full Stack',
      'Microservices',
    ])
      expect(SKILLS_CATALOGUE).toContain(example);
  });
});

describe('suggestSkills', () => {
  it('matches a case-insensitive substring, at most 5', () => {
    const found = suggestSkills('DEV', []);
    expect(found).toHaveLength(5);
    for (const skill of found) expect(skill.toLowerCase()).toContain('dev');
    expect(suggestSkills('ux', [])).toEqual(['UI/UX Design']);
  });

  it('leaves out chosen skills, whatever their case', () => {
    expect(suggestSkills('react', ['react'])).toEqual(['React Native']);
  });

  it('suggests nothing for blank input', () => {
    expect(suggestSkills('   ', [])).toEqual([]);
  });
});

describe('canAddCustom', () => {
  it('offers + Add for new text only', () => {
    expect(canAddCustom('Beekeeping', [], [])).toBe(true);
    expect(canAddCustom('  ', [], [])).toBe(false);
    expect(canAddCustom('figma', ['Figma'], [])).toBe(false);
    expect(canAddCustom('react', [], ['React'])).toBe(false);
  });
});

describe('addSkill and removeSkill', () => {
  it('adds trimmed, non-empty, new skills', () => {
    expect(addSkill(['Go'], '  Rust ')).toEqual(['Go', 'Rust']);
    expect(addSkill(['Go'], '   ')).toEqual(['Go']);
    expect(addSkill(['Go'], 'go')).toEqual(['Go']);
  });

  it('removes a chosen skill', () => {
    expect(removeSkill(['Go', 'Rust'], 'Go')).toEqual(['Rust']);
  });
});
