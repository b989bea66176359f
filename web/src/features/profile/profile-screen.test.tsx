import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '@/lib/session';
import { currentToast } from '@/lib/toast';
import { makeUser } from '@/test/fixtures';
import { http } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import ProfileScreen from './profile-screen';

setupMswServer();

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

const me = makeUser({ id: 7, firstName: 'Ada', lastName: 'Lovelace', skills: ['Figma'], coins: 135 });

function renderProfile(user: User | null = me) {
  return renderWithProviders(
    <ProfileScreen user={user} connections={<p>slot: connections</p>} requests={<p>slot: requests</p>} />,
    {
      path: '/profile',
    },
  );
}

/** Answers PATCH /api/users/profile with the user changed as asked, and records the bodies. */
function servePatch() {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.patch('/api/users/profile', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return HttpResponse.json({ ...me, ...body });
    }),
  );
  return bodies;
}

describe('ProfileScreen', () => {
  it('shows the profile with the spec’s fallbacks, the actions and the slots', () => {
    renderProfile(makeUser({ location: null, bio: '  ', skills: ['Figma', 'Rust'], role: 'innovator' }));
    expect(screen.getByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('Innovator')).toBeInTheDocument();
    expect(screen.getByText('Location not set')).toBeInTheDocument();
    expect(screen.getByText('Building the future, one project at a time.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Skills' })).getAllByRole('listitem')).toHaveLength(2);
    for (const name of ['Edit Profile', 'Upgrade Plan', 'Share Profile', 'Log Out'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByText('slot: connections')).toBeInTheDocument();
    expect(screen.getByText('slot: requests')).toBeInTheDocument();
  });

  it('signed out, asks to log in', () => {
    renderProfile(null);
    expect(screen.getByText('Please log in to view your profile.')).toBeInTheDocument();
  });
});

describe('Edit Profile', () => {
  it('suggests up to 5 skills, adds a custom one, removes by tapping, and saves', async () => {
    const bodies = servePatch();
    renderProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    const skills = within(dialog).getByRole('textbox', { name: 'Skills' });

    await userEvent.type(skills, 'dev');
    const suggested = within(dialog).getByRole('list', { name: 'Suggested skills' });
    // Five suggestions, plus '+ Add' for the text itself.
    expect(within(suggested).getAllByRole('button')).toHaveLength(6);
    expect(within(suggested).getByRole('button', { name: '+ Add "dev"' })).toBeInTheDocument();
    await userEvent.click(within(suggested).getByRole('button', { name: 'Frontend Development' }));
    expect(skills).toHaveValue('');

    await userEvent.type(skills, 'Beekeeping');
    await userEvent.click(within(dialog).getByRole('button', { name: '+ Add "Beekeeping"' }));
    await userEvent.type(skills, 'figma{Enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Figma' }));
    expect(within(dialog).getByRole('list', { name: 'Your skills' })).toHaveTextContent(
      'Frontend DevelopmentBeekeeping',
    );

    await userEvent.type(within(dialog).getByLabelText('Location'), 'Leeds, GB');
    await userEvent.type(within(dialog).getByLabelText('Bio'), ' Poetical science. ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      location: 'Leeds, GB',
      bio: 'Poetical science.',
      skills: ['Frontend Development', 'Beekeeping'],
    });
    await waitFor(() => expect(currentToast()?.title).toBe('Profile updated'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a refused save says Update failed and stays open', async () => {
    server.use(
      http.patch('/api/users/profile', () => HttpResponse.json({ message: 'Bio too long' }, { status: 400 })),
    );
    renderProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Update failed',
        description: 'Failed to update profile',
      }),
    );
    expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeInTheDocument();
  });

  function stubGeolocation(outcome: { coords: { latitude: number; longitude: number } } | { code: number }): {
    options: PositionOptions[];
  } {
    const calls = { options: [] as PositionOptions[] };
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback, options: PositionOptions) => {
          calls.options.push(options);
          if ('coords' in outcome) ok(outcome as unknown as GeolocationPosition);
          else fail(outcome as unknown as GeolocationPositionError);
        },
      },
    });
    return calls;
  }

  it('detects the location: the browser position with the spec’s options, then the offline lookup', async () => {
    const calls = stubGeolocation({ coords: { latitude: 53.8, longitude: -1.55 } });
    let asked: string | null = null;
    server.use(
      http.get('/api/geo/reverse', ({ request }) => {
        asked = new URL(request.url).search;
        return HttpResponse.json({ city: 'Leeds', countryCode: 'GB', label: 'Leeds, GB' });
      }),
    );
    renderProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Detect my location' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Location')).toHaveValue('Leeds, GB'));
    expect(calls.options).toEqual([{ enableHighAccuracy: true, timeout: 10_000, maximumAge: 300_000 }]);
    expect(asked).toBe('?lat=53.8&lng=-1.55');
    expect(currentToast()).toMatchObject({ title: 'Location detected', description: 'Leeds, GB' });
  });

  it('asks the browser only on the tap, and saves the detected position with the detected text', async () => {
    const calls = stubGeolocation({ coords: { latitude: 53.8, longitude: -1.55 } });
    server.use(
      http.get('/api/geo/reverse', () =>
        HttpResponse.json({ city: 'Leeds', countryCode: 'GB', label: 'Leeds, GB' }),
      ),
    );
    const bodies = servePatch();
    renderProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.options).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Detect my location' }));
    expect(calls.options).toHaveLength(1);
    await waitFor(() => expect(within(dialog).getByLabelText('Location')).toHaveValue('Leeds, GB'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ location: 'Leeds, GB', lat: 53.8, lng: -1.55 });
  });

  it('saves a typed location without a position: the server places it by its city', async () => {
    const calls = stubGeolocation({ coords: { latitude: 53.8, longitude: -1.55 } });
    server.use(
      http.get('/api/geo/reverse', () =>
        HttpResponse.json({ city: 'Leeds', countryCode: 'GB', label: 'Leeds, GB' }),
      ),
    );
    const bodies = servePatch();
    renderProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Detect my location' }));
    const field = within(dialog).getByLabelText('Location');
    await waitFor(() => expect(field).toHaveValue('Leeds, GB'));
    await userEvent.clear(field);
    await userEvent.type(field, 'York, GB');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ location: 'York, GB' });
    expect(bodies[0]).not.toHaveProperty('lat');
    expect(calls.options).toHaveLength(1);
  });

  it.each([
    [1, 'Location access denied. Please enable location permissions.'],
    [2, 'Location information unavailable.'],
    [3, 'Location request timed out.'],
  ])('geolocation error %i says %s', async (code, description) => {
    stubGeolocation({ code });
    renderProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Detect my location' }),
    );
    expect(currentToast()).toMatchObject({ title: 'Location detection failed', description });
  });

  it('without geolocation: Location not supported', async () => {
    renderProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Detect my location' }),
    );
    expect(currentToast()).toMatchObject({
      title: 'Location not supported',
      description: "Your browser doesn't support location detection",
    });
  });
});

describe('Choose Your Plan', () => {
  it('shows the three plans with the dialog’s prices; a click changes the role at once and closes', async () => {
    const bodies = servePatch();
    renderProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose Your Plan' });
    const explorer = within(dialog).getByRole('button', { name: /EXPLORER/ });
    expect(explorer).toHaveAttribute('aria-current', 'true');
    expect(explorer).toHaveTextContent('FREE');
    expect(within(dialog).getByRole('button', { name: /COLLABORATOR/ })).toHaveTextContent('£4.99');
    expect(within(dialog).getByRole('button', { name: /INNOVATOR/ })).toHaveTextContent('£9.99');
    expect(within(dialog).getByRole('button', { name: /INNOVATOR/ })).toHaveTextContent(
      'Create unlimited projects',
    );

    await userEvent.click(within(dialog).getByRole('button', { name: /COLLABORATOR/ }));
    await waitFor(() => expect(bodies).toEqual([{ role: 'collaborator' }]));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Plan Updated!',
        description: 'You are now a Collaborator. Your role has been updated!',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('the photo', () => {
  it('a picked photo shows with Save, which sends it as a data URL', async () => {
    let sent: string | null = null;
    server.use(
      http.post('/api/users/profile-image', async ({ request }) => {
        sent = (await request.json()).imageUrl;
        return HttpResponse.json({ ...me, profileImageUrl: '/api/files/new.jpg' });
      }),
    );
    renderProfile();
    const file = new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'me.png', {
      type: 'image/png',
    });
    fireEvent.change(screen.getByTestId('profile-photo-input'), { target: { files: [file] } });
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toBe('data:image/png;base64,iVBORw0KGgo='));
    await waitFor(() => expect(currentToast()?.title).toBe('Profile image updated'));
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('a refused photo says Upload failed', async () => {
    server.use(
      http.post('/api/users/profile-image', () =>
        HttpResponse.json({ message: 'Not an image' }, { status: 415 }),
      ),
    );
    renderProfile();
    const file = new File(['<svg/>'], 'me.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('profile-photo-input'), { target: { files: [file] } });
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Upload failed',
        description: 'Failed to upload profile image',
      }),
    );
  });
});
