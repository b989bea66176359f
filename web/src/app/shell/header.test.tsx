import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Header } from '@/app/shell/header';
import { makeUser } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';

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
});
