import type { Project } from '../api/types';

/** The projects whose title or description holds every word of `query` (case and accents ignored). */
export function filterProjects(projects: readonly Project[], query: string): Project[] {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...projects];
  return projects.filter((project) => {
    const text = normalise(`${project.title} ${project.description}`);
    return words.every((word) => text.includes(word));
  });
}

function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}
