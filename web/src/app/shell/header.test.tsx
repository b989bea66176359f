import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Header } from '@/app/shell/header';
import { makeUser } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import { makeNotification, notificationsServer } from '@/features/notifications/fixtures';

setupMswServer();

describe('Header', () => {
  it.each([
    ['/', 'Explore'],
    ['/explore', 'Explore'],
    ['/search', 'Search'],
    ['/create', 'Create'],
    ['/ideate', 'Ideate'],
    ['/rewards', 'Rewards'],
    ['/profile', 'Profile'],
    ['/join/12', 'Grow'],
  ])('on %s shows the title %s', (path, title) => {
    renderWithProviders(<Header user={makeUser()} />, { path });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
  });

  it('titles /create "Invest" for investors', () => {
    renderWithProviders(<Header user={makeUser({ role: 'investor' })} />, { path: '/create' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Invest');
  });

  it('has a notifications button and a profile link', () => {
    renderWithProviders(<Header user={makeUser()} />, { path: '/' });
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
  });

  it.each([
    [1, '1'],
    [9, '9'],
    [10, '9+'],
    [250, '9+'],
  ])('badges the bell with %i unread as %s', (count, text) => {
    renderWithProviders(<Header user={makeUser()} unreadNotifications={count} />, { path: '/' });
    const bell = screen.getByRole('button', { name: `Notifications, ${count} unread` });
    expect(bell).toHaveTextContent(text);
  });

  it('shows no badge with nothing unread', () => {
    renderWithProviders(<Header user={makeUser()} unreadNotifications={0} />, { path: '/' });
    expect(screen.getByRole('button', { name: 'Notifications' })).toHaveTextContent('');
  });

  it('puts a labelled dot on the avatar while connection requests are pending', () => {
    renderWithProviders(<Header user={makeUser()} hasPendingRequests />, { path: '/' });
    expect(screen.getByRole('link', { name: /^Profile\W+pending connection requests$/ })).toBeInTheDocument();
  });

  it('the bell opens the notification centre', async () => {
    const fake = notificationsServer([makeNotification({ title: 'Your daily spark' })]);
    server.use(...fake.handlers);
    renderWithProviders(<Header user={makeUser()} unreadNotifications={1} />, { path: '/' });
    await userEvent.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    const centre = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(centre).findByText('Your daily spark')).toBeInTheDocument();
    await userEvent.click(within(centre).getByRole('button', { name: 'Close notifications' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
