import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, delay } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentToast } from '@/lib/toast';
import { http } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import type { JoinProject } from './api/join';
import JoinScreen from './join-screen';

setupMswServer();

function project(overrides: Partial<JoinProject> = {}): JoinProject {
  return {
    id: 12,
    title: 'Solar Kettle',
    description: 'A kettle that boils water with sunlight.',
    category: 'design',
    phase: 'development',
    imageUrls: ['/api/files/cover.jpg'],
    ownerId: 3,
    ownerName: 'Ada Lovelace',
    ownerFirstName: 'Ada',
    ownerLastName: 'Lovelace',
    ownerProfileImageUrl: null,
    lookingFor: ['Investor', 'Collaborator'],
    collaborators: [],
    collaboratorCount: 0,
    supporterCount: 2,
    isActive: true,
    isPublished: true,
    isProtected: false,
    isSupported: false,
    taskCount: 0,
    completedTaskCount: 0,
    myRole: null,
    createdAt: '2025-03-01T10:00:00Z',
    updatedAt: '2025-03-01T10:00:00Z',
    ...overrides,
  };
}

function serve(answer: JoinProject) {
  server.use(
    http.get('/api/projects/12', async () => {
      await delay(20);
      return HttpResponse.json(answer);
    }),
    http.get('/api/auth/user', () => HttpResponse.json(null, { status: 401 })),
  );
}

describe('the join screen (spec 000 §2)', () => {
  it("says 'Loading project...', then PROJECT OVERVIEW with WE'RE LOOKING FOR: and no Investor", async () => {
    serve(project());
    renderWithProviders(<JoinScreen projectId="12" />, { path: '/join/12' });
    expect(screen.getByText('Loading project...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'PROJECT OVERVIEW' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Solar Kettle' })).toBeInTheDocument();
    expect(screen.getByText('A kettle that boils water with sunlight.')).toBeInTheDocument();
    expect(screen.getByText('Design & UI/UX')).toBeInTheDocument();
    expect(screen.getByText('Development')).toBeInTheDocument();
    const wanted = screen.getByRole('heading', { name: "WE'RE LOOKING FOR:" })
      .nextElementSibling as HTMLElement;
    expect(within(wanted).getByText('Collaborator')).toBeInTheDocument();
    expect(screen.queryByText('Investor')).toBeNull();
    expect(screen.getByRole('img', { name: 'Solar Kettle cover' })).toHaveAttribute(
      'src',
      '/api/files/cover_256.jpg',
    );
  });

  it("says 'Project Not Found' for a project that does not exist", async () => {
    server.use(
      http.get('/api/projects/99', () =>
        HttpResponse.json({ message: 'Project not found' }, { status: 404 }),
      ),
    );
    renderWithProviders(<JoinScreen projectId="99" />, { path: '/join/99' });
    expect(await screen.findByRole('heading', { name: 'Project Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The project you're trying to join doesn't exist.")).toBeInTheDocument();
  });

  it('JOIN THE TEAM!: the three roles with their descriptions, and CANCEL', async () => {
    serve(project());
    renderWithProviders(<JoinScreen projectId="12" />, { path: '/join/12' });
    await userEvent.click(await screen.findByRole('button', { name: 'JOIN PROJECT' }));
    const dialog = await screen.findByRole('dialog', { name: 'JOIN THE TEAM!' });
    expect(within(dialog).getByText('CHOOSE YOUR ROLE:')).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: /Innovator Bring ideas and innovation/ }),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: /Collaborator Work together on development/ }),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: /Explorer Research and explore opportunities/ }),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'CANCEL' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("joins as Collaborator: 'Successfully joined!' and on to the project itself", async () => {
    serve(project());
    let sent: unknown = null;
    server.use(
      http.post('/api/projects/12/join', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ joined: true, requested: false, message: 'ok', coinsEarned: 35 });
      }),
    );
    const { location } = renderWithProviders(<JoinScreen projectId="12" />, { path: '/join/12' });
    await userEvent.click(await screen.findByRole('button', { name: 'JOIN PROJECT' }));
    await userEvent.click(await screen.findByRole('button', { name: /^Collaborator/ }));
    await waitFor(() => expect(location()).toBe('/create?manage=12'));
    expect(sent).toEqual({ role: 'Collaborator' });
    expect(currentToast()).toMatchObject({
      title: 'Successfully joined!',
      description: "You've joined the project as Collaborator. You earned 35 coins.",
    });
  });

  it("a join past today's cap says it earned nothing, naming joins", async () => {
    serve(project());
    server.use(
      http.post('/api/projects/12/join', () =>
        HttpResponse.json({
          joined: true,
          requested: false,
          message: 'ok',
          coinsEarned: 0,
          coinsCapped: true,
        }),
      ),
    );
    const { location } = renderWithProviders(<JoinScreen projectId="12" />, { path: '/join/12' });
    await userEvent.click(await screen.findByRole('button', { name: 'JOIN PROJECT' }));
    await userEvent.click(await screen.findByRole('button', { name: /^Collaborator/ }));
    await waitFor(() => expect(location()).toBe('/create?manage=12'));
    expect(currentToast()).toMatchObject({
      title: 'Successfully joined!',
      description:
        "You've joined the project as Collaborator. You've reached today's coin limit for joining projects, so this one earned no coins.",
    });
  });

  it("a protected project: 'Join request sent!', and the screen says the owner decides", async () => {
    serve(project({ isProtected: true }));
    server.use(
      http.post('/api/projects/12/join', () =>
        HttpResponse.json({ joined: false, requested: true, message: 'Join request sent!', coinsEarned: 0 }),
      ),
    );
    const { location } = renderWithProviders(<JoinScreen projectId="12" />, { path: '/join/12' });
    await userEvent.click(await screen.findByRole('button', { name: 'JOIN PROJECT' }));
    await userEvent.click(await screen.findByRole('button', { name: /^Explorer/ }));
    expect(
      await screen.findByText('Join request sent! The owner will review your request.'),
    ).toBeInTheDocument();
    expect(currentToast()?.title).toBe('Join request sent!');
    expect(location()).toBe('/join/12');
    expect(screen.queryByRole('button', { name: 'JOIN PROJECT' })).toBeNull();
  });

  it("says 'Failed to join project' with the server's reason", async () => {
    serve(project());
    server.use(
      http.post('/api/projects/12/join', () =>
        HttpResponse.json({ message: 'You are already part of this project' }, { status: 400 }),
      ),
    );
    renderWithProviders(<JoinScreen projectId="12" />, { path: '/join/12' });
    await userEvent.click(await screen.findByRole('button', { name: 'JOIN PROJECT' }));
    await userEvent.click(await screen.findByRole('button', { name: /^Innovator/ }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Failed to join project',
        description: 'You are already part of this project',
      }),
    );
  });

  it('a member is not asked to join: the project opens in its management view', async () => {
    serve(project({ myRole: 'collaborator' }));
    renderWithProviders(<JoinScreen projectId="12" />, { path: '/project/12' });
    expect(await screen.findByText("You're already on this team.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/create?manage=12');
    expect(screen.queryByRole('button', { name: 'JOIN PROJECT' })).toBeNull();
  });
});
