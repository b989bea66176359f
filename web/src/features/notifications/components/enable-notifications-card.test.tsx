import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EnableNotificationsCard,
  PUSH_PROMPT_SPACE,
  shouldShowPushPrompt,
} from '@/features/notifications/components/enable-notifications-card';
import { fakePushBrowser, removeFakePushBrowser } from '@/features/notifications/fixtures';
import { PROMPT_DISMISSED_KEY, resetPushState } from '@/features/notifications/lib/push';

afterEach(() => {
  vi.unstubAllGlobals();
  removeFakePushBrowser();
  localStorage.clear();
  resetPushState();
});

const card = () => screen.queryByRole('complementary', { name: 'Enable Notifications' });

describe('the Enable Notifications card (spec 001 §2.7)', () => {
  it.each([
    ['default', false, true],
    ['default', true, false],
    ['granted', false, false],
    ['denied', false, false],
    ['unsupported', false, false],
  ] as const)('with permission %s and dismissed %s shows: %s', (permission, dismissed, shown) => {
    expect(shouldShowPushPrompt(permission, dismissed)).toBe(shown);
  });

  it('shows while permission is still to be asked', () => {
    fakePushBrowser('default');
    render(<EnableNotificationsCard />);
    expect(card()).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Enable Notifications' })).toBeInTheDocument();
  });

  it('is hidden where notifications are unsupported (no Notification, PushManager or service worker)', () => {
    render(<EnableNotificationsCard />);
    expect(card()).not.toBeInTheDocument();
  });

  it('is hidden where there is no PushManager', () => {
    fakePushBrowser('default');
    Reflect.deleteProperty(window, 'PushManager');
    render(<EnableNotificationsCard />);
    expect(card()).not.toBeInTheDocument();
  });

  it.each(['granted', 'denied'] as const)('is hidden once permission is %s', (permission) => {
    fakePushBrowser(permission);
    render(<EnableNotificationsCard />);
    expect(card()).not.toBeInTheDocument();
  });

  it('is hidden once dismissed on this device, and stays hidden', async () => {
    fakePushBrowser('default');
    const { unmount } = render(<EnableNotificationsCard />);
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(card()).not.toBeInTheDocument();
    expect(localStorage.getItem(PROMPT_DISMISSED_KEY)).toBe('1');
    unmount();
    render(<EnableNotificationsCard />);
    expect(card()).not.toBeInTheDocument();
  });

  it('ENABLE asks for permission; granted, the card goes', async () => {
    const browser = fakePushBrowser('default');
    render(<EnableNotificationsCard />);
    await userEvent.click(screen.getByRole('button', { name: 'ENABLE' }));
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(card()).not.toBeInTheDocument();
  });

  it('the prompt closed without an answer leaves the card, ready to ask again', async () => {
    const browser = fakePushBrowser('default');
    browser.answer('default');
    render(<EnableNotificationsCard />);
    await userEvent.click(screen.getByRole('button', { name: 'ENABLE' }));
    await act(() => Promise.resolve());
    expect(card()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ENABLE' })).toBeEnabled();
  });
});

describe('the room screens keep for the card', () => {
  const space = () => document.documentElement.style.getPropertyValue(PUSH_PROMPT_SPACE);

  it('while it shows, its height is reserved; dismissed, the room is given back', async () => {
    fakePushBrowser('default');
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(148);
    render(<EnableNotificationsCard />);
    expect(space()).toBe('148px');
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(space()).toBe('');
    vi.restoreAllMocks();
  });

  it('answered (the card goes) or left (the screen changes), the room is given back', async () => {
    fakePushBrowser('default');
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(132);
    const { unmount } = render(<EnableNotificationsCard />);
    expect(space()).toBe('132px');
    await userEvent.click(screen.getByRole('button', { name: 'ENABLE' }));
    expect(card()).not.toBeInTheDocument();
    expect(space()).toBe('');
    unmount();
    render(<EnableNotificationsCard />);
    expect(space()).toBe('');
    vi.restoreAllMocks();
  });

  it('where the card never shows, nothing is reserved', () => {
    fakePushBrowser('granted');
    render(<EnableNotificationsCard />);
    expect(space()).toBe('');
  });
});
