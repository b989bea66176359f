import { screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { http } from '@/test/http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppShell } from '@/app/shell/app-shell';
import { fakePushBrowser, removeFakePushBrowser } from '@/features/notifications/fixtures';
import { resetPushState } from '@/features/notifications/lib/push';
import { makeUser } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';

setupMswServer();
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  removeFakePushBrowser();
  resetPushState();
  localStorage.clear();
});

function renderShell() {
  server.use(
    http.get('/api/notifications/count', () => HttpResponse.json({ count: 0 })),
    http.get('/api/connections/requests', () => HttpResponse.json([])),
    http.get('/api/connections/collaboration-requests', () => HttpResponse.json([])),
    http.get('/api/conversations', () => HttpResponse.json([])),
  );
  renderWithProviders(
    <AppShell user={makeUser()}>
      <button type="button">Log Out</button>
    </AppShell>,
    { path: '/profile' },
  );
  return screen.getByRole('main');
}

describe('the shell and the Enable Notifications card', () => {
  it('while the card shows, the screen’s bottom padding grows by the card’s height', () => {
    fakePushBrowser('default');
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(148);
    const main = renderShell();
    expect(screen.getByRole('complementary', { name: 'Enable Notifications' })).toBeInTheDocument();
    expect(document.documentElement.style.getPropertyValue('--push-prompt-space')).toBe('148px');
    // jsdom lays nothing out: what is checked is that the padding under the last control counts the card.
    const paddings = main.className.split(/\s+/).filter((name) => /^(sm:)?pb-/.test(name));
    expect(paddings.length).toBeGreaterThan(0);
    for (const padding of paddings) expect(padding).toContain('var(--push-prompt-space,0px)');
  });
});
