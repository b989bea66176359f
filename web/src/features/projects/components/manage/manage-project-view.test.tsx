import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentToast } from '@/lib/toast';
import { makeRewards, makeUser } from '@/test/fixtures';
import { http } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import type { Project, Task } from '../../api/types';
import { SUPPORTERS_TOAST_DELAY_MS } from '../../hooks/use-project-actions';
import { makeCollaborator, makeFeedback, makeProject, makeTask, makeUpdate } from '../../test-data';
import ManageProjectView from './manage-project-view';

setupMswServer();

const owner = makeUser({ id: 7, role: 'innovator' });
const grace = makeUser({ id: 8, role: 'collaborator', username: 'grace', firstName: 'Grace' });

/** A small in-memory server for one project. */
function serveProject(initial: Project, tasks: Task[] = []) {
  const state = { project: initial, tasks: [...tasks], patches: [] as unknown[] };
  server.use(
    http.get('/api/projects/12', () => HttpResponse.json(state.project)),
    http.patch('/api/projects/12', async ({ request }) => {
      const body = (await request.json()) as Partial<Project>;
      state.patches.push(body);
      state.project = { ...state.project, ...body };
      return HttpResponse.json(state.project);
    }),
    http.get('/api/projects/12/tasks', () => HttpResponse.json(state.tasks)),
    http.get('/api/projects/12/updates', () => HttpResponse.json([makeUpdate()])),
    http.get('/api/projects/12/feedback', () =>
      HttpResponse.json([
        makeFeedback({ id: 71, parentId: 70, authorName: 'Ada Lovelace', content: 'Thank you!' }),
        makeFeedback(),
      ]),
    ),
    http.get('/api/projects/12/collaborators', () => HttpResponse.json([makeCollaborator()])),
    http.get('/api/projects/12/pledges', () => HttpResponse.json([])),
    http.get('/api/auth/user', () => HttpResponse.json(owner)),
    http.get('/api/rewards', () => HttpResponse.json(makeRewards())),
  );
  return state;
}

function renderView(user = owner) {
  return renderWithProviders(<ManageProjectView projectId={12} user={user} />, { path: '/create?manage=12' });
}

async function openSection(name: string) {
  const button = screen.getByRole('button', { name: new RegExp(`^${name}`) });
  if (button.getAttribute('aria-expanded') === 'false') await userEvent.click(button);
}

describe('the management view (spec 001 §2.5)', () => {
  it("says 'Loading project...' and then shows the five sections", async () => {
    serveProject(makeProject());
    renderView();
    expect(screen.getByText('Loading project...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Solar Kettle', level: 2 })).toBeInTheDocument();
    for (const title of [
      'Project Details',
      'Project Tasks',
      'Project Updates',
      'Community Feedback',
      'Project Settings',
    ])
      expect(screen.getByRole('button', { name: new RegExp(`^${title}`) })).toBeInTheDocument();
  });

  it('shows the phase progress and saves a new phase with Save Phase', async () => {
    const state = serveProject(makeProject({ phase: 'planning' }));
    renderView();
    const bar = await screen.findByRole('progressbar', { name: 'Phase progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.queryByRole('button', { name: 'Save Phase' })).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Launch' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Phase' }));
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Phase progress' })).toHaveAttribute(
        'aria-valuenow',
        '100',
      ),
    );
    expect(state.patches).toEqual([{ phase: 'launch' }]);
    expect(screen.queryByRole('button', { name: 'Save Phase' })).toBeNull();
  });

  it('Edit then Cancel restores the original values; Save sends the changes', async () => {
    const state = serveProject(makeProject());
    renderView();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const title = screen.getByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.type(title, 'Lunar Kettle');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Solar Kettle');
    expect(state.patches).toEqual([]);

    await userEvent.clear(screen.getByLabelText('Title'));
    await userEvent.type(screen.getByLabelText('Title'), 'Lunar Kettle');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Lunar Kettle', level: 2 })).toBeInTheDocument();
    expect(state.patches).toEqual([
      {
        title: 'Lunar Kettle',
        description: 'A kettle that boils water with sunlight.',
        category: 'technology',
        lookingFor: ['Collaborator'],
        imageUrls: [],
      },
    ]);
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it("turns Published and Protected on, and says 'Update failed' when refused", async () => {
    const state = serveProject(makeProject());
    renderView();
    await screen.findByRole('heading', { name: 'Solar Kettle', level: 2 });
    await openSection('Project Settings');
    const published = screen.getByRole('switch', { name: /Visibility/ });
    expect(published).toHaveAccessibleName('Visibility Unpublished');
    await userEvent.click(published);
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: /Visibility/ })).toHaveAccessibleName('Visibility Published'),
    );
    expect(state.patches).toEqual([{ isPublished: true }]);

    server.use(
      http.patch('/api/projects/12', () => HttpResponse.json({ message: 'Not yours' }, { status: 403 })),
    );
    await userEvent.click(screen.getByRole('switch', { name: /Access/ }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({ title: 'Update failed', description: 'Not yours' }),
    );
    expect(screen.getByRole('switch', { name: /Access/ })).toHaveAccessibleName('Access Open');
  });

  it('lists feedback with replies under their comment, and posts a reply', async () => {
    serveProject(makeProject());
    let posted: unknown = null;
    server.use(
      http.post('/api/projects/12/feedback', async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json(makeFeedback({ id: 72, parentId: 70 }), { status: 201 });
      }),
    );
    renderView();
    await screen.findByRole('heading', { name: 'Solar Kettle', level: 2 });
    await openSection('Community Feedback');
    const thread = await screen.findByRole('article', { name: 'Feedback from Grace Hopper' });
    expect(
      within(within(thread).getByRole('list', { name: 'Replies to Grace Hopper' })).getByText('Thank you!'),
    ).toBeInTheDocument();
    await userEvent.click(within(thread).getByRole('button', { name: 'Reply to Grace Hopper' }));
    expect(within(thread).getByRole('button', { name: 'Post Reply' })).toBeDisabled();
    await userEvent.type(within(thread).getByLabelText('Reply to Grace Hopper'), '  Glad you like it  ');
    await userEvent.click(within(thread).getByRole('button', { name: 'Post Reply' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Feedback submitted!'));
    expect(posted).toEqual({ content: 'Glad you like it', parentId: 70 });
  });

  it('posts an update: the update toast, then 2 s later the supporters-notified toast', async () => {
    serveProject(makeProject());
    let posted: unknown = null;
    server.use(
      http.post('/api/projects/12/updates', async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json(
          { ...makeUpdate({ title: 'Lid done' }), supporterCount: 3 },
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup();
    renderView();
    await screen.findByRole('heading', { name: 'Solar Kettle', level: 2 });
    await openSection('Project Updates');
    await user.click(screen.getByRole('button', { name: 'Post Update' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post Project Update' });
    await user.click(within(dialog).getByRole('button', { name: 'Post Update' }));
    expect(within(dialog).getByLabelText('Title')).toHaveAccessibleDescription('Title is required');
    expect(within(dialog).getByLabelText('Content')).toHaveAccessibleDescription('Content is required');
    await user.type(within(dialog).getByLabelText('Title'), 'Lid done');
    await user.type(within(dialog).getByLabelText('Content'), 'The lid is finished.');
    await user.click(within(dialog).getByRole('button', { name: 'Post Update' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Update Posted!'));
    expect(posted).toEqual({ title: 'Lid done', content: 'The lid is finished.', imageUrl: null });
    const shownAt = Date.now();
    await waitFor(
      () =>
        expect(currentToast()).toMatchObject({
          title: 'Supporters Notified',
          description: '3 supporters notified of your update.',
        }),
      { timeout: SUPPORTERS_TOAST_DELAY_MS + 1000 },
    );
    // Not at once: about 2 s later (the margin covers how late the first toast was noticed on a busy machine).
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(SUPPORTERS_TOAST_DELAY_MS - 500);
  });
});

describe('tasks (spec 001 §4)', () => {
  it('a collaborator completes a task: the coins toast and then "Task completed by you", the button disabled', async () => {
    const task = makeTask();
    const state = serveProject(makeProject({ myRole: 'collaborator', taskCount: 1 }), [task]);
    server.use(
      http.patch('/api/projects/tasks/30/complete', () => {
        const done = { ...task, isCompleted: true, completedBy: 8, completedByUsername: 'grace' };
        state.tasks = [done];
        return HttpResponse.json({ ...done, coinsEarned: 25, coinsCapped: false });
      }),
    );
    renderView(grace);
    const item = await screen.findByRole('article', { name: 'Design the lid' });
    // Read-only: no owner controls.
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(item).queryByRole('button', { name: /Delete task/ })).toBeNull();
    await userEvent.click(within(item).getByRole('button', { name: 'Complete task: Design the lid' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Task Completed!'));
    expect(currentToast()?.description).toContain('You earned 25 coins');
    expect(await within(item).findByText('Task completed by you')).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Completed: Design the lid' })).toBeDisabled();
  });

  it("a completion past today's cap says it earned nothing, naming tasks, and shows no amount", async () => {
    const task = makeTask();
    const state = serveProject(makeProject({ myRole: 'collaborator', taskCount: 1 }), [task]);
    server.use(
      http.patch('/api/projects/tasks/30/complete', () => {
        const done = { ...task, isCompleted: true, completedBy: 8, completedByUsername: 'grace' };
        state.tasks = [done];
        return HttpResponse.json({ ...done, coinsEarned: 0, coinsCapped: true });
      }),
    );
    renderView(grace);
    const item = await screen.findByRole('article', { name: 'Design the lid' });
    await userEvent.click(within(item).getByRole('button', { name: 'Complete task: Design the lid' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Task Completed!'));
    expect(currentToast()?.description).toBe(
      `"Design the lid" is done. You've reached today's coin limit for completing tasks, so this one earned no coins.`,
    );
  });

  it('a completion that paid nothing (done before) names no amount at all', async () => {
    const task = makeTask();
    serveProject(makeProject({ myRole: 'collaborator', taskCount: 1 }), [task]);
    server.use(
      http.patch('/api/projects/tasks/30/complete', () =>
        HttpResponse.json({ ...task, isCompleted: true, coinsEarned: 0, coinsCapped: false }),
      ),
    );
    renderView(grace);
    const item = await screen.findByRole('article', { name: 'Design the lid' });
    await userEvent.click(within(item).getByRole('button', { name: 'Complete task: Design the lid' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Task Completed!'));
    expect(currentToast()?.description).toBe('"Design the lid" is done.');
  });

  it('too many tries (429) says how long to wait', async () => {
    const task = makeTask();
    serveProject(makeProject({ myRole: 'collaborator', taskCount: 1 }), [task]);
    server.use(
      http.patch('/api/projects/tasks/30/complete', () =>
        HttpResponse.json(
          { message: 'Too many requests' },
          { status: 429, headers: { 'Retry-After': '42' } },
        ),
      ),
    );
    renderView(grace);
    const item = await screen.findByRole('article', { name: 'Design the lid' });
    await userEvent.click(within(item).getByRole('button', { name: 'Complete task: Design the lid' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Error',
        description: 'Too many tries. Wait 42 s and try again.',
      }),
    );
  });

  it('a viewer follows the project: read-only team, no control on open tasks, and says so', async () => {
    serveProject(makeProject({ myRole: 'viewer', taskCount: 2, completedTaskCount: 1 }), [
      makeTask(),
      makeTask({ id: 31, title: 'Ship it', isCompleted: true, completedBy: 7, completedByUsername: 'ada' }),
    ]);
    renderView(grace);
    const open = await screen.findByRole('article', { name: 'Design the lid' });
    expect(screen.getByText('Viewer')).toBeInTheDocument();
    expect(
      screen.getByText(/You follow this project as a viewer: you see its team, tasks and updates\./),
    ).toBeInTheDocument();
    expect(within(open).queryByRole('button')).toBeNull();
    expect(within(open).getByText('Open task')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Ship it' })).getByRole('button', {
        name: 'Completed: Ship it',
      }),
    ).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();

    await openSection('Project Details');
    await userEvent.click(screen.getByRole('button', { name: 'Team' }));
    const team = await screen.findByRole('dialog');
    expect(await within(team).findByRole('list', { name: 'Team' })).toBeInTheDocument();
    expect(within(team).queryByRole('button', { name: /^Remove / })).toBeNull();
  });

  it('the owner sees who completed it, by username', async () => {
    serveProject(makeProject({ taskCount: 1, completedTaskCount: 1 }), [
      makeTask({ isCompleted: true, completedBy: 8, completedByUsername: 'grace' }),
    ]);
    renderView();
    expect(await screen.findByText('Task completed by grace')).toBeInTheDocument();
  });

  it('the owner creates a task (a blank title is refused) and assigns it to a collaborator', async () => {
    const state = serveProject(makeProject());
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/projects/12/tasks', async ({ request }) => {
        const body = (await request.json()) as { title: string };
        bodies.push(body);
        state.tasks = [makeTask({ title: body.title })];
        return HttpResponse.json(state.tasks[0], { status: 201 });
      }),
      http.patch('/api/projects/tasks/30/assign', async ({ request }) => {
        bodies.push(await request.json());
        state.tasks = [{ ...state.tasks[0]!, assignedTo: 8, assignedToUsername: 'grace' }];
        return HttpResponse.json(state.tasks[0]);
      }),
    );
    renderView();
    await screen.findByText('NO TASKS YET');
    await userEvent.click(screen.getByRole('button', { name: 'Add Task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Task' });
    await userEvent.type(within(dialog).getByLabelText('Task title'), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    expect(within(dialog).getByLabelText('Task title')).toHaveAccessibleDescription('Task title is required');
    await userEvent.type(within(dialog).getByLabelText('Task title'), 'Sketch the lid');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies[0]).toEqual({ title: 'Sketch the lid', description: null, attachments: null });

    await userEvent.click(await screen.findByRole('button', { name: 'Assign task: Sketch the lid' }));
    const assign = await screen.findByRole('dialog', { name: 'Assign Task' });
    expect(within(assign).getByRole('radio', { name: /Ada Lovelace/ })).toBeInTheDocument();
    await userEvent.click(await within(assign).findByRole('radio', { name: /Grace Hopper/ }));
    await userEvent.click(within(assign).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies[1]).toEqual({ assignedTo: 8 });
    expect(await screen.findByText('Assigned to @grace')).toBeInTheDocument();
  });

  it("says 'Assignment failed' when the server refuses", async () => {
    serveProject(makeProject({ taskCount: 1 }), [makeTask()]);
    server.use(
      http.patch('/api/projects/tasks/30/assign', () =>
        HttpResponse.json({ message: 'Not on the project' }, { status: 400 }),
      ),
    );
    renderView();
    await userEvent.click(await screen.findByRole('button', { name: 'Assign task: Design the lid' }));
    const assign = await screen.findByRole('dialog', { name: 'Assign Task' });
    await userEvent.click(within(assign).getByRole('button', { name: 'Assign' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({ title: 'Assignment failed', description: 'Not on the project' }),
    );
  });
});
