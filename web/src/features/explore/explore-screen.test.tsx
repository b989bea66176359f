import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeRewards, makeUser } from '@/test/fixtures';
import { http } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import type { Project } from './api/types';
import ExploreScreen from './explore-screen';
import { makeProject } from './test-data';

setupMswServer();

interface Served {
  swipes: { projectId: number; direction: string }[];
  supports: number[];
  feedQueries: string[];
}

/** The deck's calls, answered from `deck` (minus what was swiped), recording what the screen sends. */
function serve(deck: Project[], { swipedBefore = 0 } = {}): Served {
  const served: Served = { swipes: [], supports: [], feedQueries: [] };
  server.use(
    http.get('/api/feed', ({ request }) => {
      const url = new URL(request.url);
      served.feedQueries.push(url.search);
      const category = url.searchParams.get('category');
      const swiped = new Set(served.swipes.map((s) => s.projectId));
      return HttpResponse.json(
        deck.filter((p) => !swiped.has(p.id) && (!category || p.category === category)),
      );
    }),
    http.get('/api/feed/swipes', () =>
      HttpResponse.json(
        swipedBefore > 0 || served.swipes.length > 0 ? [{ projectId: 99, direction: 'pass' }] : [],
      ),
    ),
    http.post('/api/feed/swipes', async ({ request }) => {
      served.swipes.push(await request.json());
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('/api/projects/:id/support', ({ params }) => {
      served.supports.push(Number(params.id));
      return HttpResponse.json({ supporterCount: 1, coinsEarned: 25, coinsCapped: false });
    }),
    http.get('/api/auth/user', () => HttpResponse.json(makeUser())),
    http.get('/api/rewards', () => HttpResponse.json(makeRewards())),
    http.get('/api/projects/supported', () => HttpResponse.json([])),
  );
  return served;
}

/** The top card's title (also while a dialog hides the deck from assistive technology). */
const topTitle = () =>
  within(screen.getByTestId('deck-top-card')).getByRole('heading', { level: 3, hidden: true });
/** The dialogs are lazy chunks: the first one in a test run takes a moment to compile. */
const LAZY = { timeout: 5000 };

const DECK = [
  makeProject({
    id: 3,
    title: 'Solar Stitch',
    category: 'design',
    lookingFor: ['Innovator', 'Collaborator', 'Explorer'],
  }),
  makeProject({ id: 2, title: 'Pocket Orchard', category: 'technology' }),
  makeProject({ id: 1, title: 'Quiet Hours', category: 'healthcare' }),
];

describe('ExploreScreen', () => {
  it('shows one card at a time with the next stacked behind, two looking-for tags then +N', async () => {
    serve(DECK);
    renderWithProviders(<ExploreScreen user={makeUser({ firstName: 'Ada' })} />);
    expect(screen.getByText('Hey Ada!')).toBeInTheDocument();
    expect(await screen.findByTestId('deck-top-card')).toBeInTheDocument();
    expect(topTitle()).toHaveTextContent('Solar Stitch');
    const card = screen.getByTestId('deck-top-card');
    expect(within(card).getByText('Design & UI/UX')).toBeInTheDocument();
    expect(within(card).getByRole('list', { name: 'Looking for' })).toHaveTextContent(
      'InnovatorCollaborator+1',
    );
    // The cards behind are there (already loaded), hidden from assistive technology.
    expect(screen.getByText('Pocket Orchard').closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.getByText('Swipe on the cards to interact!')).toBeInTheDocument();
  });

  it('← passes: the swipe is recorded and the next card comes up', async () => {
    const served = serve(DECK);
    renderWithProviders(<ExploreScreen user={makeUser()} />);
    await screen.findByTestId('deck-top-card');
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(topTitle()).toHaveTextContent('Pocket Orchard'));
    expect(served.swipes).toEqual([{ projectId: 3, direction: 'pass' }]);
    expect(served.supports).toEqual([]);
  });

  it('FOLLOW supports: the swipe and the support are sent, and the coins are toasted', async () => {
    const served = serve(DECK);
    renderWithProviders(<ExploreScreen user={makeUser()} />);
    await screen.findByTestId('deck-top-card');
    await userEvent.click(screen.getByRole('button', { name: 'FOLLOW' }));
    await waitFor(() => expect(topTitle()).toHaveTextContent('Pocket Orchard'));
    await waitFor(() => expect(served.supports).toEqual([3]));
    expect(served.swipes).toEqual([{ projectId: 3, direction: 'support' }]);
    expect(await screen.findByText('Project Supported!')).toBeInTheDocument();
    expect(screen.getByText('You earned 25 coins for supporting this project.')).toBeInTheDocument();
  });

  it('for an investor, → opens the pledge dialog and the card stays', async () => {
    const served = serve(DECK);
    renderWithProviders(<ExploreScreen user={makeUser({ role: 'investor' })} />);
    await screen.findByTestId('deck-top-card');
    await userEvent.keyboard('{ArrowRight}');
    expect(await screen.findByRole('dialog', { name: 'Make Investment Pledge' }, LAZY)).toBeInTheDocument();
    expect(topTitle()).toHaveTextContent('Solar Stitch');
    expect(served.swipes).toEqual([]);
    expect(served.supports).toEqual([]);
  });

  it('↑ opens the projects you follow', async () => {
    serve(DECK);
    renderWithProviders(<ExploreScreen user={makeUser()} />);
    await screen.findByTestId('deck-top-card');
    await userEvent.keyboard('{ArrowUp}');
    expect(await screen.findByRole('dialog', { name: /projects you follow/i }, LAZY)).toBeInTheDocument();
    expect(await screen.findByText('NO SUPPORTED PROJECTS YET')).toBeInTheDocument();
    expect(topTitle()).toHaveTextContent('Solar Stitch');
  });

  it('filters by category, and CLEAR FILTERS brings the whole deck back', async () => {
    const served = serve(DECK);
    renderWithProviders(<ExploreScreen user={makeUser()} />);
    await screen.findByTestId('deck-top-card');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    const panel = await screen.findByRole('dialog', { name: 'Filter projects' }, LAZY);
    await userEvent.selectOptions(within(panel).getByLabelText('Category'), 'healthcare');
    await waitFor(() => expect(topTitle()).toHaveTextContent('Quiet Hours'));
    expect(served.feedQueries).toContain('?limit=20&category=healthcare');
    await userEvent.click(within(panel).getByRole('button', { name: /CLEAR FILTERS/ }));
    await waitFor(() => expect(topTitle()).toHaveTextContent('Solar Stitch'));
  });

  it("says 'No projects to explore yet' when there is nothing and nothing was swiped", async () => {
    serve([]);
    renderWithProviders(<ExploreScreen user={makeUser()} />);
    expect(await screen.findByRole('heading', { name: 'No projects to explore yet' })).toBeInTheDocument();
    expect(screen.getByText('Check back later for creative projects')).toBeInTheDocument();
  });

  it("says 'You've seen all projects!' with Start Over once everything was swiped", async () => {
    serve([], { swipedBefore: 1 });
    server.use(http.delete('/api/feed/swipes', () => new HttpResponse(null, { status: 204 })));
    renderWithProviders(<ExploreScreen user={makeUser()} />);
    expect(await screen.findByRole('heading', { name: "You've seen all projects!" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Start Over' }));
    expect(await screen.findByText('Projects Reset')).toBeInTheDocument();
    expect(screen.getByText('All swiped projects are now available again.')).toBeInTheDocument();
  });

  it('a swipe the server does not save brings the card back on top and says so', async () => {
    serve(DECK);
    server.use(http.post('/api/feed/swipes', () => HttpResponse.json({ message: '' }, { status: 500 })));
    renderWithProviders(<ExploreScreen user={makeUser()} />);
    await screen.findByTestId('deck-top-card');
    await userEvent.keyboard('{ArrowLeft}');
    expect(
      await screen.findByText('Failed to save your swipe. The card is back on top.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    await waitFor(() => expect(topTitle()).toHaveTextContent('Solar Stitch'));
    expect(screen.getByText('Pocket Orchard').closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('the last card, not saved, comes back instead of the end of the deck', async () => {
    serve([DECK[2]!]);
    server.use(http.post('/api/feed/swipes', () => HttpResponse.error()));
    renderWithProviders(<ExploreScreen user={makeUser()} />);
    await screen.findByTestId('deck-top-card');
    await userEvent.click(screen.getByRole('button', { name: 'SKIP' }));
    expect(
      await screen.findByText('Failed to save your swipe. The card is back on top.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(topTitle()).toHaveTextContent('Quiet Hours'));
    expect(screen.queryByRole('heading', { name: "You've seen all projects!" })).toBeNull();
  });

  it('a swipe on a project that is gone (404) leaves it gone', async () => {
    serve(DECK);
    server.use(
      http.post('/api/feed/swipes', () =>
        HttpResponse.json({ message: 'Project not found' }, { status: 404 }),
      ),
    );
    renderWithProviders(<ExploreScreen user={makeUser()} />);
    await screen.findByTestId('deck-top-card');
    await userEvent.keyboard('{ArrowLeft}');
    expect(await screen.findByText('Project not found')).toBeInTheDocument();
    expect(topTitle()).toHaveTextContent('Pocket Orchard');
  });
});
