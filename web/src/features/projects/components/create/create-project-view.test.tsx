import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentToast } from '@/lib/toast';
import { http } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import { makeFile, makeProject } from '../../test-data';
import CreateProjectView from './create-project-view';

setupMswServer();

afterEach(() => {
  vi.restoreAllMocks();
});

beforeEach(() => {
  // jsdom has no object URLs: the previews stay blank.
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => {};
});

function renderForm() {
  // The file inputs take any file here, as a browser's picker can when "All files" is chosen.
  const user = userEvent.setup({ applyAccept: false });
  const view = renderWithProviders(<CreateProjectView />, { path: '/create?new=1' });
  return { user, ...view };
}

const imagesInput = () => screen.getByLabelText('Add images');

describe('Create New Project: Looking For (spec 001 §5)', () => {
  it('takes two, refuses a third with the toast, reads as disabled at 2, and Clear empties it', async () => {
    const { user } = renderForm();
    const innovator = screen.getByRole('checkbox', { name: /Innovator/ });
    const collaborator = screen.getByRole('checkbox', { name: /Collaborator/ });
    const explorer = screen.getByRole('checkbox', { name: /Explorer/ });

    await user.click(innovator);
    await user.click(collaborator);
    expect(innovator).toBeChecked();
    expect(collaborator).toBeChecked();
    expect(screen.getByText('2/2 selected')).toBeInTheDocument();
    expect(explorer).toHaveAttribute('aria-disabled', 'true');

    await user.click(explorer);
    expect(explorer).not.toBeChecked();
    expect(currentToast()).toMatchObject({
      title: 'Selection limit reached',
      description: 'You can only select up to 2 collaborator types',
    });

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(innovator).not.toBeChecked();
    expect(collaborator).not.toBeChecked();
    expect(explorer).not.toHaveAttribute('aria-disabled');
  });
});

describe('Create New Project: hero images (spec 001 §5)', () => {
  it('refuses a file that is not an image', async () => {
    const { user } = renderForm();
    await user.upload(imagesInput(), makeFile('notes.pdf', 'application/pdf'));
    expect(currentToast()).toMatchObject({
      title: 'Invalid file type',
      description: 'notes.pdf is not an image file',
    });
    expect(screen.getByText('0/5')).toBeInTheDocument();
  });

  it('refuses an image of 10MB or more', async () => {
    const { user } = renderForm();
    await user.upload(imagesInput(), makeFile('huge.png', 'image/png', 10 * 1024 * 1024));
    expect(currentToast()).toMatchObject({
      title: 'File too large',
      description: 'huge.png is too large. Please select images under 10MB',
    });
  });

  it('keeps five, drops the rest, and hides Add images when full; Remove makes room', async () => {
    const { user } = renderForm();
    const files = Array.from({ length: 7 }, (_, i) => makeFile(`p${i}.png`, 'image/png'));
    await user.upload(imagesInput(), files);
    expect(screen.getByText('5/5')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Remove image/ })).toHaveLength(5);
    expect(screen.queryByLabelText('Add images')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove image 2' }));
    expect(screen.getByText('4/5')).toBeInTheDocument();
    expect(screen.getByLabelText('Add images')).toBeInTheDocument();
  });
});

describe('Create New Project: sending it', () => {
  it('needs a title, said under the field', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'CREATE PROJECT' }));
    const title = screen.getByLabelText('Title');
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription('Title is required');
  });

  it('uploads the images, creates the project with their addresses, says the coins, and goes back to the list', async () => {
    // (jsdom's files cannot be read back from a multipart body here: the form's parts are watched instead.)
    const append = vi.spyOn(FormData.prototype, 'append');
    const uploaded: string[][] = [];
    let created: unknown = null;
    let release = () => {};
    const answer = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post('/api/upload', ({ request }) => {
        expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
        uploaded.push(append.mock.calls.map(([field, value]) => `${field}:${(value as File).name}`));
        return HttpResponse.json({
          fileUrls: ['/api/files/u0.jpg', '/api/files/u1.jpg'],
          files: [],
          fileUrl: null,
        });
      }),
      http.post('/api/projects', async ({ request }) => {
        created = await request.json();
        await answer;
        return HttpResponse.json(
          { ...makeProject({ title: 'Solar Kettle' }), coinsEarned: 150, coinsCapped: false },
          { status: 201 },
        );
      }),
      http.get('/api/auth/user', () => HttpResponse.json(null, { status: 401 })),
    );
    const { user, location } = renderForm();
    await user.upload(imagesInput(), [makeFile('a.png', 'image/png'), makeFile('b.png', 'image/png')]);
    await user.type(screen.getByLabelText('Title'), '  Solar Kettle ');
    await user.type(screen.getByLabelText('Description'), 'Boils water with sunlight');
    await user.selectOptions(screen.getByLabelText('Category'), 'design');
    await user.click(screen.getByRole('radio', { name: /Development/ }));
    await user.click(screen.getByRole('checkbox', { name: /Collaborator/ }));
    await user.click(screen.getByRole('button', { name: 'CREATE PROJECT' }));

    expect(await screen.findByRole('button', { name: 'CREATING...' })).toBeDisabled();
    release();
    await waitFor(() => expect(currentToast()?.title).toBe('Project Created!'));
    await waitFor(() => expect(location()).toBe('/create'));
    expect(uploaded).toEqual([['files:a.png', 'files:b.png']]);
    expect(created).toEqual({
      title: 'Solar Kettle',
      description: 'Boils water with sunlight',
      category: 'design',
      phase: 'development',
      lookingFor: ['Collaborator'],
      imageUrls: ['/api/files/u0.jpg', '/api/files/u1.jpg'],
    });
    expect(currentToast()).toMatchObject({ title: 'Project Created!' });
    expect(currentToast()?.description).toContain('You earned 150 coins');
  });

  it("says 'Upload failed' when the images cannot be uploaded, and creates nothing", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let creates = 0;
    server.use(
      http.post('/api/upload', () => HttpResponse.json({ message: 'Too big' }, { status: 413 })),
      http.post('/api/projects', () => {
        creates += 1;
        return HttpResponse.json({ ...makeProject(), coinsEarned: 150, coinsCapped: false }, { status: 201 });
      }),
    );
    const { user } = renderForm();
    await user.upload(imagesInput(), makeFile('a.png', 'image/png'));
    await user.type(screen.getByLabelText('Title'), 'Solar Kettle');
    await user.click(screen.getByRole('button', { name: 'CREATE PROJECT' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Upload failed',
        description: 'Failed to upload images',
      }),
    );
    expect(creates).toBe(0);
    expect(screen.getByRole('button', { name: 'CREATE PROJECT' })).toBeEnabled();
  });

  it("past today's cap for creating projects, says it earned nothing, with no amount", async () => {
    server.use(
      http.post('/api/projects', () =>
        HttpResponse.json(
          { ...makeProject({ title: 'Solar Kettle' }), coinsEarned: 0, coinsCapped: true },
          { status: 201 },
        ),
      ),
      http.get('/api/auth/user', () => HttpResponse.json(null, { status: 401 })),
    );
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Title'), 'Solar Kettle');
    await user.click(screen.getByRole('button', { name: 'CREATE PROJECT' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Project Created!',
        description:
          '"Solar Kettle" is ready. You\'ve reached today\'s coin limit for creating projects, so this one earned no coins.',
      }),
    );
  });

  it('uploads refused for too many tries (429) say how long to wait, and create nothing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let creates = 0;
    server.use(
      http.post('/api/upload', () =>
        HttpResponse.json({ message: 'Too many uploads' }, { status: 429, headers: { 'Retry-After': '30' } }),
      ),
      http.post('/api/projects', () => {
        creates += 1;
        return HttpResponse.json({ ...makeProject(), coinsEarned: 150, coinsCapped: false }, { status: 201 });
      }),
    );
    const { user } = renderForm();
    await user.upload(imagesInput(), makeFile('a.png', 'image/png'));
    await user.type(screen.getByLabelText('Title'), 'Solar Kettle');
    await user.click(screen.getByRole('button', { name: 'CREATE PROJECT' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Upload failed',
        description: 'Too many tries. Wait 30 s and try again.',
      }),
    );
    expect(creates).toBe(0);
  });

  it("says 'Error' with the server's reason when the project is refused", async () => {
    server.use(
      http.post('/api/projects', () =>
        HttpResponse.json({ message: 'Only innovators create projects' }, { status: 403 }),
      ),
    );
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Title'), 'Solar Kettle');
    await user.click(screen.getByRole('button', { name: 'CREATE PROJECT' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Error',
        description: 'Only innovators create projects',
      }),
    );
  });
});
