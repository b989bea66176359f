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
});
