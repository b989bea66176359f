import { describe, expect, it } from 'vitest';
import { makeFile, makeProject } from '../test-data';
import { createAccess } from './access';
import { categoryLabel } from '@/lib/projects/categories';
import { pdfFileName } from './download';
import { checkAttachments, checkImages, MAX_FILE_BYTES } from './images';
import { LOOKING_FOR_LIMIT_TOAST, toggleLookingFor } from './looking-for';
import { phaseLabel, phaseProgress, phaseTone, SELECTABLE_PHASES } from '@/lib/projects/phases';
import { filterProjects } from './search';
import { completedByLabel, taskPercent } from './tasks';

describe('phase progress (spec 001 §4)', () => {
  it.each([
    ['idea', 20],
    ['planning', 40],
    ['prototype', 60],
    ['development', 80],
    ['launch', 100],
  ])('%s is %i%%', (phase, percent) => {
    expect(phaseProgress(phase)).toBe(percent);
  });

  it('gives 0 and the default style to a phase outside the order', () => {
    expect(phaseProgress('someday')).toBe(0);
    expect(phaseTone('someday')).toBe('bg-muted text-muted-foreground');
    expect(phaseLabel('someday')).toBe('Someday');
  });

  it('offers four phases to choose, without prototype', () => {
    expect(SELECTABLE_PHASES).toEqual(['idea', 'planning', 'development', 'launch']);
  });
});

describe('looking for: at most 2 (spec 001 §5)', () => {
  it('ticks and unticks, keeping the options’ order', () => {
    expect(toggleLookingFor([], 'Explorer')).toEqual({ next: ['Explorer'], refused: false });
    expect(toggleLookingFor(['Explorer'], 'Innovator')).toEqual({
      next: ['Innovator', 'Explorer'],
      refused: false,
    });
    expect(toggleLookingFor(['Innovator', 'Explorer'], 'Innovator')).toEqual({
      next: ['Explorer'],
      refused: false,
    });
  });

  it('refuses a third, with the spec’s words', () => {
    expect(toggleLookingFor(['Innovator', 'Collaborator'], 'Explorer')).toEqual({
      next: ['Innovator', 'Collaborator'],
      refused: true,
    });
    expect(LOOKING_FOR_LIMIT_TOAST).toMatchObject({
      title: 'Selection limit reached',
      description: 'You can only select up to 2 collaborator types',
    });
  });
});

describe('image checks (spec 001 §5)', () => {
  it('refuses a file that is not an image, with its name', () => {
    const { accepted, problems } = checkImages([makeFile('notes.pdf', 'application/pdf')], 0);
    expect(accepted).toEqual([]);
    expect(problems).toEqual([
      { title: 'Invalid file type', description: 'notes.pdf is not an image file', variant: 'destructive' },
    ]);
  });

  it('refuses an image of 10MB or more, with its name', () => {
    const big = makeFile('huge.png', 'image/png', MAX_FILE_BYTES);
    const fine = makeFile('fine.png', 'image/png', MAX_FILE_BYTES - 1);
    const { accepted, problems } = checkImages([big, fine], 0);
    expect(accepted).toEqual([fine]);
    expect(problems).toEqual([
      {
        title: 'File too large',
        description: 'huge.png is too large. Please select images under 10MB',
        variant: 'destructive',
      },
    ]);
  });

  it('drops the files beyond the fifth image', () => {
    const files = Array.from({ length: 4 }, (_, i) => makeFile(`${i}.jpg`, 'image/jpeg'));
    expect(checkImages(files, 2).accepted).toEqual(files.slice(0, 3));
    expect(checkImages(files, 5)).toEqual({ accepted: [], problems: [] });
  });

  it('takes images, PDF and Word files as task attachments', () => {
    const { accepted, problems } = checkAttachments([
      makeFile('plan.pdf', 'application/pdf'),
      makeFile('spec.docx', ''),
      makeFile('song.mp3', 'audio/mpeg'),
    ]);
    expect(accepted.map((file) => file.name)).toEqual(['plan.pdf', 'spec.docx']);
    expect(problems).toHaveLength(1);
  });
});

describe('task completion label (spec 001 §4)', () => {
  const done = { isCompleted: true, completedBy: 4, completedByUsername: 'grace' };
  it('says you, the username, or @id', () => {
    expect(completedByLabel(done, 4)).toBe('Task completed by you');
    expect(completedByLabel(done, 7)).toBe('Task completed by grace');
    expect(completedByLabel({ ...done, completedByUsername: null }, 7)).toBe('Task completed by @4');
  });

  it('says nothing while the task is open', () => {
    expect(
      completedByLabel({ isCompleted: false, completedBy: null, completedByUsername: null }, 4),
    ).toBeNull();
  });

  it('counts progress', () => {
    expect(taskPercent(1, 3)).toBe(33);
    expect(taskPercent(0, 0)).toBe(0);
  });
});

describe('role gating of /create (spec 001 §2.3, §6)', () => {
  it('restricts explorers, shows investors the portfolio, and defaults by role', () => {
    expect(createAccess('explorer')).toEqual({ kind: 'restricted' });
    expect(createAccess('investor')).toEqual({ kind: 'portfolio' });
    expect(createAccess('collaborator')).toEqual({
      kind: 'projects',
      canCreate: false,
      defaultTab: 'collaborating',
    });
    expect(createAccess('innovator')).toEqual({ kind: 'projects', canCreate: true, defaultTab: 'mine' });
  });
});

describe('search, categories and the PDF name', () => {
  it('filters by every word in the title or description, ignoring case and accents', () => {
    const kettle = makeProject({ id: 1, title: 'Solar Kettle', description: 'Boils water' });
    const cafe = makeProject({ id: 2, title: 'Café finder', description: 'Coffee nearby' });
    expect(filterProjects([kettle, cafe], 'cafe')).toEqual([cafe]);
    expect(filterProjects([kettle, cafe], 'solar water')).toEqual([kettle]);
    expect(filterProjects([kettle, cafe], '  ')).toEqual([kettle, cafe]);
    expect(filterProjects([kettle, cafe], 'tea')).toEqual([]);
  });

  it('labels categories as API.md does', () => {
    expect(categoryLabel('design')).toBe('Design & UI/UX');
    expect(categoryLabel('healthcare')).toBe('Healthcare');
  });

  it('names the summary after the title', () => {
    expect(pdfFileName('Solar Kettle')).toBe('Solar Kettle_project_summary.pdf');
    expect(pdfFileName('A/B: test?')).toBe('A_B_ test__project_summary.pdf');
  });
});
