import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RouteBoundary } from '@/app/route-boundary';
import { renderWithProviders } from '@/test/render';

/** Throws while `state.broken`. */
function Fragile({ state }: { state: { broken: boolean } }) {
  if (state.broken) throw new Error('render failed');
  return <p>All good</p>;
}

describe('RouteBoundary', () => {
  it('shows a friendly message instead of the screen, and Retry renders the screen again', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const state = { broken: true };
    renderWithProviders(
      <RouteBoundary>
        <Fragile state={state} />
      </RouteBoundary>,
    );
    // Inside the shell, whose header holds the h1.
    expect(screen.getByRole('heading', { name: 'Something went wrong', level: 2 })).toBeInTheDocument();
    expect(
      screen.getByText('This screen could not be shown. Check your connection, then try again.'),
    ).toBeVisible();
    expect(consoleError).toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();

    state.broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByText('All good')).toBeInTheDocument();
  });

  it('a standalone page titles the message with its h1', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(
      <RouteBoundary standalone>
        <Fragile state={{ broken: true }} />
      </RouteBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong', level: 1 })).toBeInTheDocument();
  });
});
