import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, delay } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { http } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import type { Project } from './api/types';
import ProjectsScreen from './projects-screen';
import { makeProject } from './test-data';

setupMswServer();

function serveLists({ mine = [], collaborating = [] }: { mine?: Project[]; collaborating?: Project[] }) {
  const calls = { mine: 0, collaborating: 0 };
  server.use(
    http.get('/api/projects', ({ request }) => {
      expect(new URL(request.url).searchParams.get('owner')).toBe('me');
      calls.mine += 1;
      return HttpResponse.json(mine);
    }),
    http.get('/api/projects/collaborating', () => {
      calls.collaborating += 1;
      return HttpResponse.json(collaborating);
    }),
  );
  return calls;
}

describe('/create by role (spec 001 §2.3, §6)', () => {
  it('explorer: Access Restricted, with Upgrade Account to /profile, and no list', async () => {
    const calls = serveLists({});
    const { location } = renderWithProviders(<ProjectsScreen user={makeUser({ role: 'explorer' })} />, {
      path: '/create',
    });
    expect(screen.getByRole('heading', { name: 'Access Restricted' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Upgrade Account' }));
    expect(location()).toBe('/profile');
    expect(calls).toEqual({ mine: 0, collaborating: 0 });
  });

  it('an explorer or investor who joined a project opens it at ?manage= and works on it as their place allows', async () => {
    server.use(
      http.get('/api/projects/12', () =>
        HttpResponse.json(makeProject({ title: 'Tide Clock', myRole: 'collaborator' })),
      ),
      http.get('/api/projects/12/tasks', () => HttpResponse.json([])),
      http.get('/api/projects/12/updates', () => HttpResponse.json([])),
      http.get('/api/projects/12/feedback', () => HttpResponse.json([])),
      http.get('/api/projects/12/collaborators', () => HttpResponse.json([])),
      http.get('/api/projects/12/pledges', () => HttpResponse.json([])),
    );
    for (const role of ['explorer', 'investor'] as const) {
      const view = renderWithProviders(<ProjectsScreen user={makeUser({ role })} />, {
        path: '/create?manage=12',
      });
      // The management view is a lazy chunk: its first load in a busy test run can take over a second.
      expect(
        await screen.findByRole('heading', { name: 'Tide Clock' }, { timeout: 5000 }),
      ).toBeInTheDocument();
      expect(screen.getByText(/You're a collaborator: complete tasks here\./)).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Access Restricted' })).toBeNull();
      view.unmount();
    }
  });

  it('investor: the portfolio note, without made-up figures', () => {
    serveLists({});
    renderWithProviders(<ProjectsScreen user={makeUser({ role: 'investor' })} />, { path: '/create' });
    expect(screen.getByRole('heading', { name: 'Investment Portfolio' })).toBeInTheDocument();
    expect(screen.getByText('Your portfolio arrives with investing.')).toBeInTheDocument();
    expect(screen.queryByText(/£/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Explore Projects' })).toHaveAttribute('href', '/explore');
  });

  it('collaborator: Collaborating by default; My Projects and Create Now disabled, Upgrade Required', async () => {
    const calls = serveLists({
      collaborating: [makeProject({ title: 'Tide Clock', myRole: 'collaborator' })],
    });
    renderWithProviders(<ProjectsScreen user={makeUser({ role: 'collaborator' })} />, { path: '/create' });
    expect(screen.getByRole('tab', { name: 'Collaborating' })).toHaveAttribute('aria-selected', 'true');
    const mine = screen.getByRole('tab', { name: /My Projects/ });
    expect(mine).toBeDisabled();
    expect(mine).toHaveAccessibleDescription('My Projects: Upgrade Required');
    const create = screen.getByRole('button', { name: 'Create Now' });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription(/Upgrade Required/);
    expect(await screen.findByRole('heading', { name: 'Tide Clock' })).toBeInTheDocument();
    expect(calls.mine).toBe(0);
  });

  it('innovator: My Projects by default, Collaborating one tap away, Create Now opens the form', async () => {
    serveLists({
      mine: [makeProject({ id: 1, title: 'Solar Kettle' })],
      collaborating: [
        makeProject({ id: 2, title: 'Tide Clock', myRole: 'collaborator', ownerName: 'Grace H' }),
      ],
    });
    renderWithProviders(<ProjectsScreen user={makeUser({ role: 'innovator' })} />, { path: '/create' });
    expect(screen.getByRole('tab', { name: 'My Projects' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: 'Solar Kettle' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Now' })).toHaveAttribute('href', '/create?new=1');

    await userEvent.click(screen.getByRole('tab', { name: 'Collaborating' }));
    expect(await screen.findByRole('heading', { name: 'Tide Clock' })).toBeInTheDocument();
    expect(screen.getByText('by Grace H')).toBeInTheDocument();
  });
});

describe('/create lists: states and search', () => {
  const innovator = makeUser({ role: 'innovator' });

  it("says 'Loading projects...', then shows the cards", async () => {
    server.use(
      http.get('/api/projects', async () => {
        await delay(30);
        return HttpResponse.json([makeProject()]);
      }),
    );
    renderWithProviders(<ProjectsScreen user={innovator} />, { path: '/create' });
    expect(screen.getByText('Loading projects...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Solar Kettle' })).toBeInTheDocument();
  });

  it("says 'No projects found' with a hint when there are none", async () => {
    serveLists({});
    renderWithProviders(<ProjectsScreen user={innovator} />, { path: '/create' });
    expect(await screen.findByRole('heading', { name: 'No projects found' })).toBeInTheDocument();
    expect(screen.getByText('Create your first project and start building your team.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your first project' })).toHaveAttribute(
      'href',
      '/create?new=1',
    );
  });

  it("says 'Error loading projects', and Retry asks again", async () => {
    let fail = true;
    server.use(
      http.get('/api/projects', () =>
        fail
          ? HttpResponse.json({ message: 'Something went wrong' }, { status: 500 })
          : HttpResponse.json([makeProject()]),
      ),
    );
    renderWithProviders(<ProjectsScreen user={innovator} />, { path: '/create' });
    expect(await screen.findByRole('heading', { name: 'Error loading projects' })).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Solar Kettle' })).toBeInTheDocument();
  });

  it('filters the list by title or description as you type', async () => {
    serveLists({
      mine: [
        makeProject({ id: 1, title: 'Solar Kettle', description: 'Boils water with sunlight' }),
        makeProject({ id: 2, title: 'Tide Clock', description: 'Tells the tide' }),
      ],
    });
    renderWithProviders(<ProjectsScreen user={innovator} />, { path: '/create' });
    await screen.findByRole('heading', { name: 'Solar Kettle' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search projects' }), 'sunlight');
    expect(screen.queryByRole('heading', { name: 'Tide Clock' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Solar Kettle' })).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search projects' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search projects' }), 'volcano');
    expect(screen.getByRole('heading', { name: 'No projects found' })).toBeInTheDocument();
  });
});

describe('the project card', () => {
  it('shows the initial-and-category placeholder, the phase, two-line description and task progress', async () => {
    serveLists({ mine: [makeProject({ taskCount: 4, completedTaskCount: 1, category: 'design' })] });
    renderWithProviders(<ProjectsScreen user={makeUser({ role: 'innovator' })} />, { path: '/create' });
    const card = (await screen.findByRole('heading', { name: 'Solar Kettle' })).closest('article')!;
    const inCard = within(card);
    expect(inCard.getByRole('img', { name: 'Solar Kettle: no images yet' })).toHaveTextContent(
      'SDesign & UI/UX',
    );
    expect(inCard.getByText('Planning')).toBeInTheDocument();
    expect(inCard.getByText('A kettle that boils water with sunlight.')).toHaveClass('line-clamp-2');
    expect(inCard.getByRole('progressbar', { name: 'Task progress' })).toHaveAttribute('aria-valuenow', '1');
    expect(inCard.getByText('1/4 · 25%')).toBeInTheDocument();
    expect(inCard.getByRole('link', { name: 'Manage Solar Kettle' })).toHaveAttribute(
      'href',
      '/create?manage=12',
    );
  });

  it('steps through the thumbnails with a counter, wrapping around at both ends', async () => {
    serveLists({
      mine: [makeProject({ imageUrls: ['/api/files/a.jpg', '/api/files/b.jpg', '/api/files/c.jpg'] })],
    });
    renderWithProviders(<ProjectsScreen user={makeUser({ role: 'innovator' })} />, { path: '/create' });
    const open = await screen.findByRole('button', {
      name: /View Solar Kettle images full screen \(image 1 of 3\)/,
    });
    expect(open.querySelector('img')).toHaveAttribute('src', '/api/files/a_256.jpg');
    await userEvent.click(screen.getByRole('button', { name: 'Previous image of Solar Kettle' }));
    expect(screen.getByRole('button', { name: /image 3 of 3/ }).querySelector('img')).toHaveAttribute(
      'src',
      '/api/files/c_256.jpg',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next image of Solar Kettle' }));
    expect(screen.getByRole('button', { name: /image 1 of 3/ })).toBeInTheDocument();

    // The full-screen viewer shows the full images and wraps around too.
    await userEvent.click(screen.getByRole('button', { name: /image 1 of 3/ }));
    const viewer = await screen.findByRole('dialog', { name: 'Solar Kettle' });
    expect(within(viewer).getByRole('img')).toHaveAttribute('src', '/api/files/a.jpg');
    await userEvent.click(within(viewer).getByRole('button', { name: 'Previous image' }));
    expect(within(viewer).getByRole('img')).toHaveAttribute('src', '/api/files/c.jpg');
    await userEvent.keyboard('{ArrowRight}');
    expect(within(viewer).getByRole('img')).toHaveAttribute('src', '/api/files/a.jpg');
    await userEvent.click(within(viewer).getByRole('button', { name: 'Close image viewer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("downloads the PDF, or says 'Download Failed'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serveLists({ mine: [makeProject()] });
    server.use(
      http.post('/api/projects/12/download-pdf', () =>
        HttpResponse.json({ message: 'Something went wrong' }, { status: 500 }),
      ),
    );
    renderWithProviders(<ProjectsScreen user={makeUser({ role: 'innovator' })} />, { path: '/create' });
    await userEvent.click(await screen.findByRole('button', { name: 'PDF summary of Solar Kettle' }));
    expect(await screen.findByText('Download Failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to generate PDF')).toBeInTheDocument();
  });
});
