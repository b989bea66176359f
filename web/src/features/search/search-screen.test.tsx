import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { http, type Body, type ErrorBody } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import type { ConnectionWithUser, NearbyUser, SearchResponse } from './api/types';
import { recentKey } from './lib/recent-searches';
import SearchScreen from './search-screen';
import { answer, makeNearbyUser, makeSearchProject, makeSearchUser, pendingWith } from './test-data';

setupMswServer();

const ME = makeUser({ id: 7 });

/** The request `POST /api/connections` answers with (201). */
const sentRequest = {
  id: 1,
  requesterId: 7,
  targetId: 11,
  type: 'connection',
  status: 'pending',
  createdAt: '2026-01-01T00:00:00Z',
};

interface Served {
  smart: string[];
  simple: string[];
  nearby: string[];
  posts: unknown[];
  saved: unknown[];
}

/**
 * The screen's calls: smart and simple search answered by the given functions (by query), nearby people,
 * my connections and collaboration requests, `POST /api/connections` and a project's `request-collaboration`,
 * recording what the screen sends.
 */
function serve({
  smart = () => answer(),
  simple = () => answer(),
  nearby = [],
  connections = [],
  post = () => HttpResponse.json(sentRequest, { status: 201 }),
}: {
  smart?: (q: string) => SearchResponse | HttpResponse<ErrorBody>;
  simple?: (q: string) => SearchResponse | HttpResponse<ErrorBody>;
  nearby?: NearbyUser[] | HttpResponse<ErrorBody>;
  connections?: ConnectionWithUser[];
  post?: () => HttpResponse<Body<'/api/connections', 'post'>>;
} = {}): Served {
  const served: Served = { smart: [], simple: [], nearby: [], posts: [], saved: [] };
  const reply = (value: SearchResponse | HttpResponse<ErrorBody>) =>
    value instanceof Response ? value : HttpResponse.json<SearchResponse>(value);
  server.use(
    http.get('/api/search', ({ request }) => {
      const url = new URL(request.url);
      served.smart.push(url.search);
      return reply(smart(url.searchParams.get('q') ?? ''));
    }),
    http.get('/api/simple-search', ({ request }) => {
      const url = new URL(request.url);
      served.simple.push(url.search);
      return reply(simple(url.searchParams.get('q') ?? ''));
    }),
    http.get('/api/users/nearby', ({ request }) => {
      served.nearby.push(new URL(request.url).search);
      return nearby instanceof Response ? nearby : HttpResponse.json(nearby);
    }),
    http.get('/api/connections/with-users', () => HttpResponse.json(connections)),
    http.get('/api/connections/project-requests', () => HttpResponse.json([])),
    http.post('/api/connections', async ({ request }) => {
      served.posts.push(await request.json());
      return post();
    }),
    // A collaboration is asked through the project (spec 001 §7), recorded with the project it names.
    http.post('/api/projects/:id/request-collaboration', async ({ request, params }) => {
      served.posts.push({ projectId: Number(params.id), ...((await request.json()) as object) });
      return post();
    }),
    http.patch('/api/users/profile', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      served.saved.push(body);
      return HttpResponse.json({ ...ME, ...body });
    }),
  );
  return served;
}

/** The device answers with this position (or refuses with `code`); how often it was asked. */
function fakeGeolocation(result: { lat: number; lng: number } | { code: number }): { asked: number } {
  const calls = { asked: 0 };
  const geolocation = {
    getCurrentPosition: (ok: PositionCallback, fail?: PositionErrorCallback | null) => {
      calls.asked += 1;
      if ('code' in result) fail?.({ code: result.code, message: 'denied' } as GeolocationPositionError);
      else ok({ coords: { latitude: result.lat, longitude: result.lng } } as unknown as GeolocationPosition);
    },
  };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
  return calls;
}

/** Me, with the position my profile gives (my city's, or the one my device gave earlier). */
const PLACED = { ...ME, ...({ lat: 53.48, lng: -2.24 } as object) };

function renderPlaced() {
  return renderWithProviders(<SearchScreen user={PLACED} />, {
    path: '/search',
  });
}

async function tapUseMyLocation() {
  await userEvent.click(await screen.findByRole('button', { name: 'Use my current location' }));
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
  localStorage.clear();
});

function renderScreen(path = '/search') {
  return renderWithProviders(<SearchScreen user={ME} />, { path });
}

async function searchFor(text: string) {
  const box = screen.getByRole('searchbox', { name: 'Search people and projects' });
  await userEvent.clear(box);
  await userEvent.type(box, `${text}{Enter}`);
}

const SLOW = { timeout: 3000 };

describe('SearchScreen with no query', () => {
  it("shows 'AI Discovery Ready' and example questions when nothing nearby can be shown", async () => {
    serve();
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'AI Discovery Ready' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toHaveAttribute('placeholder', 'Try "React developers in London"');
    expect(screen.getByRole('button', { name: 'React developers in London' })).toBeInTheDocument();
    expect(screen.queryByText("Who's near you?")).toBeNull();
  });

  it("says 'Location access denied or unavailable' when the device refuses and the profile has no place", async () => {
    fakeGeolocation({ code: 1 });
    const served = serve();
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'AI Discovery Ready' })).toBeInTheDocument();
    await tapUseMyLocation();
    expect(await screen.findByText('Location access denied or unavailable')).toBeInTheDocument();
    expect(served.nearby).toEqual([]);
    expect(served.saved).toEqual([]);
  });

  it('never asks the browser where I am when the screen opens, only when I tap, and keeps what it says', async () => {
    const device = fakeGeolocation({ lat: 51.5074, lng: -0.1278 });
    const served = serve({ nearby: [makeNearbyUser({ id: 1, firstName: 'Near', lastName: 'One' })] });
    renderPlaced();
    expect(await screen.findByText('Nearest first, from your profile location')).toBeInTheDocument();
    expect(device.asked).toBe(0);
    expect(served.nearby).toEqual(['?lat=53.48&lng=-2.24']);
    await tapUseMyLocation();
    expect(device.asked).toBe(1);
    expect(await screen.findByText('Nearest first, from where you are')).toBeInTheDocument();
    expect(served.nearby).toEqual(['?lat=53.48&lng=-2.24', '?lat=51.507&lng=-0.128']);
    await waitFor(() => expect(served.saved).toEqual([{ lat: 51.5074, lng: -0.1278 }]));
    expect(screen.queryByRole('button', { name: 'Use my current location' })).toBeNull();
  });

  it("shows 'Who's near you?' nearest first from the device, with the spec's distance formats", async () => {
    const device = fakeGeolocation({ lat: 51.5074, lng: -0.1278 });
    const served = serve({
      nearby: [
        makeNearbyUser({ id: 1, firstName: 'Near', lastName: 'One', distanceKm: 0.35 }),
        makeNearbyUser({ id: 2, firstName: 'Mid', lastName: 'Two', distanceKm: 2.44 }),
        makeNearbyUser({ id: 3, firstName: 'Far', lastName: 'Three', distanceKm: 12.6 }),
      ],
    });
    renderScreen();
    expect(device.asked).toBe(0);
    await tapUseMyLocation();
    const list = await screen.findByRole('list', { name: 'People near you, nearest first' });
    expect(screen.getByRole('heading', { name: "Who's near you?" })).toBeInTheDocument();
    const cards = within(list)
      .getAllByRole('listitem', { name: '' })
      .filter((li) => li.parentElement === list);
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Near One',
      'Mid Two',
      'Far Three',
    ]);
    expect(within(cards[0]!).getByText('Under 1 km')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('2.4 km')).toBeInTheDocument();
    expect(within(cards[2]!).getByText('13 km')).toBeInTheDocument();
    expect(served.nearby).toEqual(['?lat=51.507&lng=-0.128']);
    expect(screen.getByRole('button', { name: 'Pause auto-scroll' })).toBeInTheDocument();
  });

  it('does not drift under prefers-reduced-motion (no pause button either)', async () => {
    serve({
      nearby: [
        makeNearbyUser({ id: 1, firstName: 'Near', lastName: 'One' }),
        makeNearbyUser({ id: 2, firstName: 'Mid', lastName: 'Two' }),
      ],
    });
    const original = Object.getOwnPropertyDescriptor(window, 'matchMedia');
    const reduced = (query: string) =>
      ({
        matches: query.includes('prefers-reduced-motion'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList;
    Object.defineProperty(window, 'matchMedia', { value: reduced, configurable: true, writable: true });
    try {
      renderPlaced();
      expect(await screen.findByRole('heading', { name: "Who's near you?" })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Pause auto-scroll' })).toBeNull();
    } finally {
      if (original) Object.defineProperty(window, 'matchMedia', original);
    }
  });

  it('keeps measuring from the profile position when the device gives none', async () => {
    fakeGeolocation({ code: 2 });
    const served = serve({ nearby: [makeNearbyUser({ id: 1, firstName: 'Near', lastName: 'One' })] });
    renderPlaced();
    expect(await screen.findByText('Nearest first, from your profile location')).toBeInTheDocument();
    await tapUseMyLocation();
    expect(await screen.findByText('Nearest first, from your profile location')).toBeInTheDocument();
    expect(served.nearby).toEqual(['?lat=53.48&lng=-2.24']);
    expect(served.saved).toEqual([]);
  });

  it("says 'Failed to fetch users' when the nearby people cannot be read", async () => {
    serve({ nearby: HttpResponse.json({ message: 'down' }, { status: 500 }) });
    renderPlaced();
    expect(await screen.findByText('Failed to fetch users')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('SearchScreen with a query', () => {
  const ada = makeSearchUser({
    id: 11,
    firstName: 'Ada',
    lastName: 'Byron',
    role: 'collaborator',
    skills: ['React', 'TypeScript', 'Node.js', 'GraphQL', 'Rust'],
    distanceKm: 3.21,
  });
  const stitch = makeSearchProject({
    id: 31,
    title: 'Solar Stitch',
    category: 'design',
    phase: 'development',
    description: 'Jackets that charge your phone.',
    lookingFor: ['Innovator', 'Collaborator'],
    supporterCount: 12,
    ownerRole: 'innovator',
  });

  it('runs the smart search on Enter and shows what it understood, people and projects', async () => {
    const served = serve({
      smart: () => answer([ada], [stitch], 'Looking for React developers in London.'),
    });
    renderScreen();
    await searchFor('react developers in London');
    expect(await screen.findByText('Looking for React developers in London.')).toBeInTheDocument();
    expect(served.smart).toHaveLength(1);
    expect(new URLSearchParams(served.smart[0]).get('q')).toBe('react developers in London');
    expect(served.simple).toEqual([]);

    const person = screen.getByRole('article', { name: 'Ada Byron' });
    expect(within(person).getByText('Collaborator')).toBeInTheDocument();
    expect(within(person).getByRole('list', { name: 'Skills' })).toHaveTextContent(
      'ReactTypeScriptNode.js+2',
    );
    expect(within(person).getByText('3.2 km')).toBeInTheDocument();
    expect(within(person).getByRole('button', { name: 'CONNECT with Ada Byron' })).toBeEnabled();

    const project = screen.getByRole('article', { name: 'Solar Stitch' });
    expect(project).toHaveTextContent(
      'Linus Pauling is working on building a project in Design & UI/UX. Would you like to collaborate?',
    );
    expect(within(project).getByText('Innovator')).toBeInTheDocument();
    expect(within(project).getByRole('button', { name: 'COLLABORATE on Solar Stitch' })).toBeEnabled();
  });

  it('falls back to the simple search only when the smart one finds nothing', async () => {
    const served = serve({
      smart: (q) => (q === 'pyhton' ? answer([], [], 'Nothing matched.') : answer([ada])),
      simple: () => answer([makeSearchUser({ id: 12, firstName: 'Guido', lastName: 'Rossum' })]),
    });
    renderScreen();
    await searchFor('react');
    expect(await screen.findByRole('article', { name: 'Ada Byron' })).toBeInTheDocument();
    expect(served.simple).toEqual([]);

    await searchFor('pyhton');
    expect(await screen.findByRole('article', { name: 'Guido Rossum' })).toBeInTheDocument();
    expect(served.smart).toHaveLength(2);
    expect(served.simple).toHaveLength(1);
    expect(new URLSearchParams(served.simple[0]).get('q')).toBe('pyhton');
  });

  it('shows suggestions as such when nothing meets every word, without asking the simple search', async () => {
    const served = serve({
      smart: () => ({
        ...answer([], [], 'No React developers in Leeds yet. React developers elsewhere:'),
        suggestions: { users: [ada], projects: [] },
      }),
    });
    renderScreen();
    await searchFor('react developers in Leeds');
    expect(
      await screen.findByText('No React developers in Leeds yet. React developers elsewhere:'),
    ).toBeInTheDocument();
    expect(screen.getByText('Nothing matches every word yet: the nearest suggestions')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Ada Byron' })).toBeInTheDocument();
    expect(screen.getByText('1 person and 0 projects suggested instead')).toHaveAttribute('role', 'status');
    expect(served.simple).toEqual([]);
  });

  it("shows 'No results found' when neither search finds anything", async () => {
    serve();
    renderScreen();
    await searchFor('zzqx vortex');
    expect(await screen.findByRole('heading', { name: 'No results found' })).toBeInTheDocument();
    expect(
      screen.getByText('Try a different search term or be more specific with your request'),
    ).toBeInTheDocument();
  });

  it('searches a moment after typing stops, and never for a blank query', async () => {
    const served = serve({ smart: () => answer([ada]) });
    renderScreen();
    await userEvent.type(screen.getByRole('searchbox'), '   {Enter}');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(served.smart).toEqual([]);
    expect(screen.getByRole('heading', { name: 'AI Discovery Ready' })).toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox'), 'react');
    expect(await screen.findByRole('article', { name: 'Ada Byron' })).toBeInTheDocument();
    expect(served.smart).toHaveLength(1);
    expect(new URLSearchParams(served.smart[0]).get('q')).toBe('react');
  });

  it('shows SENT (disabled) for a pending connection, and CONNECT turns SENT after sending', async () => {
    const bob = makeSearchUser({ id: 12, firstName: 'Bob', lastName: 'Kahn' });
    const served = serve({ smart: () => answer([ada, bob]), connections: [pendingWith(12)] });
    renderScreen();
    await searchFor('engineers');
    const sentBob = await screen.findByRole('button', { name: 'SENT to Bob Kahn' });
    expect(sentBob).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'CONNECT with Ada Byron' }));
    expect(await screen.findByRole('button', { name: 'SENT to Ada Byron' })).toBeDisabled();
    expect(served.posts).toEqual([{ targetUserId: 11, type: 'connection' }]);
    expect(await screen.findByText('Connection request sent!')).toBeInTheDocument();
  });

  it('COLLABORATE sends a collaboration request and turns SENT', async () => {
    const served = serve({ smart: () => answer([], [stitch]) });
    renderScreen();
    await searchFor('solar');
    await userEvent.click(await screen.findByRole('button', { name: 'COLLABORATE on Solar Stitch' }));
    expect(await screen.findByRole('button', { name: 'SENT for Solar Stitch' })).toBeDisabled();
    expect(served.posts).toEqual([{ projectId: 31, message: "I'd love to collaborate on this project!" }]);
    expect(await screen.findByText('Request Sent!')).toBeInTheDocument();
  });

  it("treats 'already exists' as sent: 'Already connected!'", async () => {
    serve({
      smart: () => answer([ada]),
      post: () => HttpResponse.json({ message: 'Connection already exists' }, { status: 400 }),
    });
    renderScreen();
    await searchFor('ada');
    await userEvent.click(await screen.findByRole('button', { name: 'CONNECT with Ada Byron' }));
    expect(await screen.findByText('Already connected!')).toBeInTheDocument();
    expect(screen.getByText("You've already sent a request to this user.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'SENT to Ada Byron' })).toBeDisabled();
  });

  it("says 'User not available' for a person who has gone", async () => {
    serve({
      smart: () => answer([ada]),
      post: () => HttpResponse.json({ message: 'User not found' }, { status: 404 }),
    });
    renderScreen();
    await searchFor('ada');
    await userEvent.click(await screen.findByRole('button', { name: 'CONNECT with Ada Byron' }));
    expect(await screen.findByText('User not available')).toBeInTheDocument();
    expect(screen.getByText('This user is no longer available for connections.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CONNECT with Ada Byron' })).toBeEnabled();
  });

  it("opens a project's dialog from its name, with 'Connect with Owner' and 'Request to Collaborate'", async () => {
    const served = serve({ smart: () => answer([], [stitch]) });
    server.use(http.get('/api/projects/31', () => HttpResponse.json(stitch)));
    renderScreen();
    await searchFor('solar');
    await userEvent.click(await screen.findByRole('button', { name: 'Solar Stitch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Solar Stitch' });
    // No pictures: the carousel's initial-and-category placeholder.
    expect(within(dialog).getByRole('img', { name: 'Solar Stitch: no images yet' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Design & UI/UX');
    expect(dialog).toHaveTextContent('Development');
    expect(dialog).toHaveTextContent('Jackets that charge your phone.');
    expect(within(dialog).getByRole('list', { name: 'Looking for' })).toHaveTextContent(
      'InnovatorCollaborator',
    );
    expect(dialog).toHaveTextContent('3 Mar 2026');
    expect(dialog).toHaveTextContent('12');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Request to Collaborate' }));
    expect(await within(dialog).findByRole('button', { name: 'Request to Collaborate SENT' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Connect with Owner' }));
    expect(await within(dialog).findByRole('button', { name: 'Connect with Owner SENT' })).toBeDisabled();
    expect(served.posts).toEqual([
      { projectId: 31, message: "I'd love to collaborate on this project!" },
      { targetUserId: 131, type: 'connection' },
    ]);
  });

  it("says 'Failed to fetch project' when the project cannot be read, and keeps what the search gave", async () => {
    serve({ smart: () => answer([], [stitch]) });
    server.use(http.get('/api/projects/31', () => HttpResponse.json({ message: 'down' }, { status: 500 })));
    renderScreen();
    await searchFor('solar');
    await userEvent.click(await screen.findByRole('button', { name: 'Solar Stitch' }));
    expect(await screen.findByText('Failed to fetch project')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Solar Stitch' })).toBeInTheDocument();
  });
});

describe('SearchScreen errors', () => {
  it("retries once, then says 'AI search failed: {status}'", async () => {
    const served = serve({ smart: () => HttpResponse.json({ message: 'busy' }, { status: 503 }) });
    renderScreen();
    await searchFor('designers');
    expect(await screen.findByRole('heading', { name: 'Search failed' }, SLOW)).toBeInTheDocument();
    expect(screen.getAllByText('AI search failed: 503').length).toBeGreaterThan(0);
    expect(served.smart).toHaveLength(2);
    expect(served.simple).toEqual([]);
  });

  it("says 'Simple search failed: {status}' when the fallback fails", async () => {
    serve({ simple: () => HttpResponse.json({ message: 'oops' }, { status: 502 }) });
    renderScreen();
    await searchFor('nothing here');
    expect((await screen.findAllByText('Simple search failed: 502', {}, SLOW)).length).toBeGreaterThan(0);
  });
});

describe('recent searches', () => {
  it('keeps searches on the device, reruns one with a tap, and clears them', async () => {
    const served = serve({ smart: () => answer([makeSearchUser()]) });
    renderScreen();
    await searchFor('designers in Leeds');
    await screen.findByRole('article', { name: 'Grace Hopper' });
    expect(JSON.parse(localStorage.getItem(recentKey(7)) ?? '[]')).toEqual(['designers in Leeds']);

    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    const recent = await screen.findByRole('list', { name: 'Recent searches' });
    await userEvent.click(within(recent).getByRole('button', { name: 'designers in Leeds' }));
    expect(screen.getByRole('searchbox')).toHaveValue('designers in Leeds');
    await screen.findByRole('article', { name: 'Grace Hopper' });
    // The second run came from the cache (fresh for 5 s) or the server: either way the same question.
    expect(served.smart.every((s) => new URLSearchParams(s).get('q') === 'designers in Leeds')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Clear recent searches' }));
    expect(screen.queryByRole('list', { name: 'Recent searches' })).toBeNull();
    expect(localStorage.getItem(recentKey(7))).toBeNull();
  });

  it('opens with the searches kept earlier', async () => {
    localStorage.setItem(recentKey(7), JSON.stringify(['investors', 'figma']));
    serve();
    renderScreen();
    const recent = await screen.findByRole('list', { name: 'Recent searches' });
    expect(
      within(recent)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['investors', 'figma']);
  });
});
