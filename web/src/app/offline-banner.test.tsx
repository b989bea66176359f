import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OfflineBanner } from '@/app/offline-banner';

const MESSAGE = "You're offline. Grow will reconnect when you're back online.";

/** The browser's network state changes: navigator.onLine says so, then the matching event fires. */
function goOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('OfflineBanner', () => {
  it('says nothing while online, but keeps its polite live region ready', () => {
    render(<OfflineBanner />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
  });

  it('says the app is offline when the browser goes offline, and goes away when it is back', () => {
    render(<OfflineBanner />);
    goOnline(false);
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGE);

    goOnline(true);
    expect(screen.queryByText(MESSAGE)).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('tells what sticks under it its height while it shows, and marks itself so tops below drop the notch inset', () => {
    const root = document.documentElement;
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(62);
    render(<OfflineBanner />);
    expect(root.style.getPropertyValue('--offline-bar-height')).toBe('');
    goOnline(false);
    expect(root.style.getPropertyValue('--offline-bar-height')).toBe('62px');
    expect(screen.getByText(MESSAGE)).toHaveAttribute('data-offline-bar');
    goOnline(true);
    expect(root.style.getPropertyValue('--offline-bar-height')).toBe('');
  });

  it('shows at once when the page opens offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<OfflineBanner />);
    expect(screen.getByText(MESSAGE)).toBeVisible();
  });
});
