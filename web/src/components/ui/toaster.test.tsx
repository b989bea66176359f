import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Toaster } from '@/components/ui/toaster';
import { dismissToast, toast } from '@/lib/toast';

describe('Toaster', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    act(() => {
      dismissToast();
    });
    vi.useRealTimers();
  });

  it('shows one toast at a time: a new toast replaces the old one', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Missing Information', description: 'Please enter both username and password.' });
    });
    act(() => {
      toast({
        title: 'Login Failed',
        description: 'Invalid credentials. Please try again.',
        variant: 'destructive',
      });
    });
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(screen.getByText('Login Failed')).toBeInTheDocument();
    expect(screen.queryByText('Missing Information')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Invalid credentials. Please try again.');
  });

  it('disappears after 5000 ms by default', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Account Created' });
    });
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(screen.getByText('Account Created')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Account Created')).not.toBeInTheDocument();
  });

  it('a replacing toast gets its own full duration', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First' });
    });
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    act(() => {
      toast({ title: 'Second' });
    });
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(screen.getByText('Second')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText('Second')).not.toBeInTheDocument();
  });

  it('honours a custom duration', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Connection Request', duration: 2000 });
    });
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.queryByText('Connection Request')).not.toBeInTheDocument();
  });

  it('closes with its close button', async () => {
    vi.useRealTimers();
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Profile updated' });
    });
    await user.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('Profile updated')).not.toBeInTheDocument();
  });

  it('is announced while a dialog is open: its live region stays outside what the dialog hides', () => {
    render(
      <>
        <main>
          <p>The page behind</p>
        </main>
        <Dialog open>
          <DialogContent>
            <DialogTitle>Reset Password</DialogTitle>
            <DialogDescription>Enter your email.</DialogDescription>
          </DialogContent>
        </Dialog>
        <Toaster />
      </>,
    );
    // The dialog hides the page behind it from assistive technology...
    expect(screen.getByText('The page behind').closest('[aria-hidden="true"]')).not.toBeNull();
    act(() => {
      toast({ title: 'Error', description: 'Too many requests', variant: 'destructive' });
    });
    // ...but not the toast: found by role (which skips hidden content), in a polite live region.
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveTextContent('ErrorToo many requests');
    expect(region.closest('[aria-hidden="true"], [inert]')).toBeNull();
  });
});
