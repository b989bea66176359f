/** Project phases (spec 001 §3, §4; API.md "Phases"). */

/** The five phases, in order. */
export const PHASE_ORDER = ['idea', 'planning', 'prototype', 'development', 'launch'] as const;
export type Phase = (typeof PHASE_ORDER)[number];

/** The phase cards and the phase selector offer four (no prototype), spec 001 §4. */
export const SELECTABLE_PHASES: readonly Phase[] = ['idea', 'planning', 'development', 'launch'];

export const PHASE_LABELS: Record<Phase, string> = {
  idea: 'Idea',
  planning: 'Planning',
  prototype: 'Prototype',
  development: 'Development',
  launch: 'Launch',
};

/** One line under each phase card of the create form. */
export const PHASE_HINTS: Record<Phase, string> = {
  idea: 'Shaping the concept',
  planning: 'Researching and planning',
  prototype: 'Testing a first version',
  development: 'Building it for real',
  launch: 'Live and growing',
};

export function isPhase(value: string): value is Phase {
  return (PHASE_ORDER as readonly string[]).includes(value);
}

/** 'idea' → 'Idea'; a value outside the list is shown capitalised. */
export function phaseLabel(phase: string): string {
  if (isPhase(phase)) return PHASE_LABELS[phase];
  return phase ? phase.charAt(0).toUpperCase() + phase.slice(1) : 'Unknown';
}

/**
 * Phase progress (spec 001 §4): the phase's position in the five-phase order over 5, as a percentage
 * (idea 20, planning 40, prototype 60, development 80, launch 100); 0 for a value outside the order.
 */
export function phaseProgress(phase: string): number {
  const index = (PHASE_ORDER as readonly string[]).indexOf(phase);
  return index < 0 ? 0 : ((index + 1) * 100) / PHASE_ORDER.length;
}

/** The phase's colour on the purple scale (light to deep); other values get the default style. */
export function phaseTone(phase: string): string {
  switch (phase) {
    case 'idea':
      return 'bg-phase-1 text-phase-1-foreground';
    case 'planning':
      return 'bg-phase-2 text-phase-2-foreground';
    case 'prototype':
      return 'bg-phase-3 text-phase-3-foreground';
    case 'development':
      return 'bg-phase-4 text-phase-4-foreground';
    case 'launch':
      return 'bg-phase-5 text-phase-5-foreground';
    default:
      return 'bg-muted text-muted-foreground';
  }
}
