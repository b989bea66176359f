import { Suspense } from 'react';
import { lazyChunk } from '@/lib/lazy-chunk';
import type { User } from '@/lib/session';
import type { DeckFilters, Project } from '../api/types';
import type { DialogStack } from '../hooks/use-dialog-stack';

// Each dialog is a chunk of its own: the deck comes first, and the home screen stays light.
const loadFilterPanel = () => import('./filter-panel');
const loadSupportedDialog = () => import('./supported-dialog');
const loadDetailDialog = () => import('./project-detail-dialog');
const loadPledgeDialog = () => import('./pledge-dialog');
const FilterPanel = lazyChunk(loadFilterPanel);
const SupportedDialog = lazyChunk(loadSupportedDialog);
const ProjectDetailDialog = lazyChunk(loadDetailDialog);
const PledgeDialog = lazyChunk(loadPledgeDialog);

/** Fetches the dialogs' chunks ahead (once the deck is up), so the first tap opens at once. */
export function preloadExploreDialogs(): void {
  void loadDetailDialog();
  void loadPledgeDialog();
  void loadSupportedDialog();
  void loadFilterPanel();
}

export interface ExploreDialogsProps {
  dialogs: DialogStack;
  user: User;
  /** The deck's filters (the filter panel); absent where there is no deck (the portfolio). */
  filters?: DeckFilters;
  onFiltersChange?: (filters: DeckFilters) => void;
  /** A pledge went through (a card pledged from the deck then leaves it). */
  onPledged?: (project: Pick<Project, 'id' | 'title'>, fromDeck: boolean) => void;
}

/** The dialog on top of the explore area's stack. */
export function ExploreDialogs({ dialogs, user, filters, onFiltersChange, onPledged }: ExploreDialogsProps) {
  const { top, open, back } = dialogs;
  if (!top) return null;
  const isInvestor = user.role === 'investor';
  return (
    <Suspense fallback={null}>
      {top.kind === 'filters' && filters && onFiltersChange && (
        <FilterPanel filters={filters} onChange={onFiltersChange} onClose={back} />
      )}
      {top.kind === 'supported' && (
        <SupportedDialog
          onClose={back}
          onOpenProject={(project) => open({ kind: 'detail', projectId: project.id, project })}
        />
      )}
      {top.kind === 'detail' && (
        <ProjectDetailDialog
          key={top.projectId}
          projectId={top.projectId}
          initial={top.project}
          isInvestor={isInvestor}
          onClose={back}
          onPledge={(project) => open({ kind: 'pledge', project })}
        />
      )}
      {top.kind === 'pledge' && (
        <PledgeDialog
          project={top.project}
          onClose={back}
          onPledged={() => onPledged?.(top.project, top.fromDeck ?? false)}
        />
      )}
    </Suspense>
  );
}
