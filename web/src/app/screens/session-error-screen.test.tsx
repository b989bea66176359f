import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SessionErrorScreen } from '@/app/screens/session-error-screen';
import { renderWithProviders } from '@/test/render';

describe('SessionErrorScreen', () => {
  it('asks again when Retry is pressed', async () => {
    const onRetry = vi.fn();
    renderWithProviders(<SessionErrorScreen onRetry={onRetry} />);
    expect(screen.getByRole('heading', { name: 'Something went wrong', level: 1 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('asks again by itself when the browser comes back online', () => {
    const onRetry = vi.fn();
    const { unmount } = renderWithProviders(<SessionErrorScreen onRetry={onRetry} />);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(onRetry).toHaveBeenCalledTimes(1);

    unmount();
    window.dispatchEvent(new Event('online'));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
