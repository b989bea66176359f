import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BottomNav } from '@/app/shell/bottom-nav';
import { renderWithProviders } from '@/test/render';

describe('BottomNav', () => {
  it('links Explore, Search, Create, Rewards and Ideate', () => {
    renderWithProviders(<BottomNav role="innovator" />, { path: '/' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = Array.from(nav.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Explore', '/'],
      ['Search', '/search'],
      ['Create', '/create'],
      ['Rewards', '/rewards'],
      ['Ideate', '/ideate'],
    ]);
  });

  it('labels the centre button Invest for investors', () => {
    renderWithProviders(<BottomNav role="investor" />, { path: '/' });
    expect(screen.getByRole('link', { name: 'Invest' })).toHaveAttribute('href', '/create');
    expect(screen.queryByRole('link', { name: 'Create' })).not.toBeInTheDocument();
  });

  it('marks the current route', () => {
    renderWithProviders(<BottomNav role="explorer" />, { path: '/explore' });
    expect(screen.getByRole('link', { name: 'Explore' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Search' })).not.toHaveAttribute('aria-current');
  });

  it('puts a red dot on Explore while notifications are unread, said in words too', () => {
    renderWithProviders(<BottomNav role="explorer" indicators={{ explore: true }} />, { path: '/search' });
    expect(screen.getByRole('link', { name: /^Explore\W+unread notifications$/ })).toHaveAttribute(
      'href',
      '/',
    );
    expect(screen.getByRole('link', { name: 'Ideate' })).toBeInTheDocument();
  });

  it('has a slot for the Ideate dot (unread conversations)', () => {
    renderWithProviders(<BottomNav role="explorer" indicators={{ ideate: true }} />, { path: '/' });
    expect(screen.getByRole('link', { name: /^Ideate\W+unread messages$/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore' })).toBeInTheDocument();
  });
});
