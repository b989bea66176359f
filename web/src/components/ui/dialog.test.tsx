import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { layerOf } from '@/lib/hooks/use-history-layer';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';

/** A screen with a dialog that can open a second one over itself. */
function Screen() {
  const [first, setFirst] = useState(false);
  const [second, setSecond] = useState(false);
  return (
    <>
      <button onClick={() => setFirst(true)}>Open first</button>
      <Dialog open={first} onOpenChange={setFirst}>
        <DialogContent>
          <DialogTitle>First</DialogTitle>
          <DialogDescription>Under</DialogDescription>
          <button onClick={() => setSecond(true)}>Open second</button>
        </DialogContent>
      </Dialog>
      <Dialog open={second} onOpenChange={setSecond}>
        <DialogContent>
          <DialogTitle>Second</DialogTitle>
          <DialogDescription>Over</DialogDescription>
        </DialogContent>
      </Dialog>
    </>
  );
}

const dialog = (name: string) => screen.queryByRole('dialog', { name });

/** The phone's Back, and the popstate it brings. */
async function back() {
  const landed = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
  window.history.back();
  await landed;
}

afterEach(async () => {
  // Each test starts on the screen's own entry.
  while (layerOf(window.history.state) > 0) await back();
});

describe('Dialog as a step of the history', () => {
  it('Back closes the open dialog and leaves the screen where it was', async () => {
    render(<Screen />);
    await userEvent.click(screen.getByRole('button', { name: 'Open first' }));
    expect(dialog('First')).toBeInTheDocument();
    expect(layerOf(window.history.state)).toBe(1);

    await back();
    await waitFor(() => expect(dialog('First')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Open first' })).toBeInTheDocument();
  });

  it('Back closes the top dialog first, then the one under it', async () => {
    render(<Screen />);
    await userEvent.click(screen.getByRole('button', { name: 'Open first' }));
    await userEvent.click(screen.getByRole('button', { name: 'Open second' }));
    expect(layerOf(window.history.state)).toBe(2);

    await back();
    await waitFor(() => expect(dialog('Second')).not.toBeInTheDocument());
    expect(dialog('First')).toBeInTheDocument();

    await back();
    await waitFor(() => expect(dialog('First')).not.toBeInTheDocument());
  });

  it('a dialog closed by its own button takes its step back, so no dead step is left', async () => {
    render(<Screen />);
    await userEvent.click(screen.getByRole('button', { name: 'Open first' }));
    expect(layerOf(window.history.state)).toBe(1);

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(layerOf(window.history.state)).toBe(0));
    expect(dialog('First')).not.toBeInTheDocument();
  });

  it('a dialog that closes as its act leads elsewhere leaves that navigation alone', async () => {
    function Leaving() {
      const [open, setOpen] = useState(true);
      return (
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogContent>
            <DialogTitle>Delete</DialogTitle>
            <DialogDescription>Then go home</DialogDescription>
            <button
              onClick={() => {
                // Closed first (as a session's end takes the signed-in tree away at once), then the navigation.
                flushSync(() => setOpen(false));
                window.history.pushState(null, '', '/home');
              }}
            >
              Delete and leave
            </button>
          </DialogContent>
        </Dialog>
      );
    }
    render(<Leaving />);
    expect(layerOf(window.history.state)).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: 'Delete and leave' }));
    await waitFor(() => expect(dialog('Delete')).not.toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(window.location.pathname).toBe('/home');
    window.history.replaceState(null, '', '/');
  });

  it('an uncontrolled dialog is a step too', async () => {
    render(
      <Dialog defaultOpen>
        <DialogContent>
          <DialogTitle>Kept</DialogTitle>
          <DialogDescription>Open from the start</DialogDescription>
        </DialogContent>
      </Dialog>,
    );
    expect(layerOf(window.history.state)).toBe(1);
    await back();
    await waitFor(() => expect(dialog('Kept')).not.toBeInTheDocument());
  });

  it('a dialog that is no history step leaves the history alone', () => {
    render(
      <Dialog open history={false}>
        <DialogContent>
          <DialogTitle>Own address</DialogTitle>
          <DialogDescription>A chat has its own</DialogDescription>
        </DialogContent>
      </Dialog>,
    );
    expect(dialog('Own address')).toBeInTheDocument();
    expect(layerOf(window.history.state)).toBe(0);
  });
});
