import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { currentToast } from '@/lib/toast';
import { makeUser } from '@/test/fixtures';
import { http } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import type { SignupRequest } from '../api/types';
import { SignupWizard } from './signup-wizard';

setupMswServer();

beforeEach(() => {
  server.use(
    http.post('/api/auth/check-email', () => HttpResponse.json({ available: true })),
    http.post('/api/auth/check-username', () => HttpResponse.json({ available: true })),
  );
});

function renderWizard(hasConnectTarget = false) {
  const onSignedUp = vi.fn();
  const user = userEvent.setup();
  const utils = renderWithProviders(
    <SignupWizard hasConnectTarget={hasConnectTarget} onSignedUp={onSignedUp} />,
  );
  return { ...utils, user, onSignedUp };
}

const next = (user: UserEvent) => user.click(screen.getByRole('button', { name: /NEXT/ }));

async function fillBasics(user: UserEvent, password = 'Abcdef1!') {
  await user.type(screen.getByLabelText('First name'), 'Ada');
  await user.type(screen.getByLabelText('Last name'), 'Lovelace');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Username'), 'ada');
  await user.type(screen.getByLabelText('Password'), password);
}

async function fillProfile(user: UserEvent) {
  await user.type(screen.getByLabelText('Location'), 'London, UK');
  await user.type(screen.getByLabelText('Bio'), 'Engines and poems.');
  await user.type(screen.getByLabelText('Skills'), 'Mathematics{Enter}');
}

describe('SignupWizard step 1 (BASIC DETAILS)', () => {
  it('shows the step indicator and title', () => {
    renderWizard();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'BASIC DETAILS' })).toBeInTheDocument();
  });

  it('blank fields give Missing Information', async () => {
    const { user } = renderWizard();
    await user.type(screen.getByLabelText('First name'), '   ');
    await next(user);
    expect(currentToast()).toMatchObject({
      title: 'Missing Information',
      description: 'Please fill in all fields before proceeding to the next step.',
    });
    expect(screen.getByRole('heading', { name: 'BASIC DETAILS' })).toBeInTheDocument();
    // The fields the rule concerns are marked for assistive technology too; filling one clears its mark.
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    expect(screen.getByLabelText('Last name')).not.toHaveAttribute('aria-invalid');
  });

  it('a taken email shows the message inline and gives Email Issue', async () => {
    server.use(http.post('/api/auth/check-email', () => HttpResponse.json({ available: false })));
    const { user } = renderWizard();
    await fillBasics(user);
    expect(
      await screen.findByText(
        'Email already exists. Please use a different email or try logging in.',
        {},
        { timeout: 3000 },
      ),
    ).toBeInTheDocument();
    await next(user);
    expect(currentToast()).toMatchObject({
      title: 'Email Issue',
      description: 'Email already exists. Please use a different email or try logging in.',
    });
  });

  it('a taken username shows the message inline and gives Username Issue', async () => {
    server.use(http.post('/api/auth/check-username', () => HttpResponse.json({ available: false })));
    const { user } = renderWizard();
    await fillBasics(user);
    expect(
      await screen.findByText(
        'Username already taken. Please choose a different username.',
        {},
        { timeout: 3000 },
      ),
    ).toBeInTheDocument();
    await next(user);
    expect(currentToast()).toMatchObject({
      title: 'Username Issue',
      description: 'Username already taken. Please choose a different username.',
    });
  });

  it('a weak password gives Password Too Weak, and the meter explains', async () => {
    const { user } = renderWizard();
    await fillBasics(user, 'abcdefgh');
    expect(screen.getByText('Weak - missing some required character types')).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuenow', '2');
    await next(user);
    expect(currentToast()).toMatchObject({
      title: 'Password Too Weak',
      description: 'Password must be at least 8 characters with , lowercase, numbers, and symbols.',
    });
  });
});

describe('SignupWizard step 2 (PROFILE DETAILS)', () => {
  it('needs location, bio and a skill; skills are trimmed, de-duplicated and removable', async () => {
    const { user } = renderWizard();
    await fillBasics(user);
    await next(user);
    expect(screen.getByRole('heading', { name: 'PROFILE DETAILS' })).toBeInTheDocument();
    expect(screen.getByLabelText('Location')).toHaveAttribute('placeholder', 'City, Country');

    await user.type(screen.getByLabelText('Location'), 'London, UK');
    await user.type(screen.getByLabelText('Bio'), 'Engines.');
    await next(user);
    expect(currentToast()).toMatchObject({
      title: 'Missing Information',
      description: 'Please fill in all fields and add at least one skill before proceeding.',
    });

    const skills = screen.getByLabelText('Skills');
    await user.type(skills, '  React  {Enter}');
    await user.type(skills, '{Enter}');
    await user.type(skills, 'React{Enter}');
    await user.type(skills, 'Python{Enter}');
    const list = screen.getByRole('list', { name: 'Your skills' });
    expect(list.querySelectorAll('li')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove React' }));
    expect(screen.queryByRole('button', { name: 'Remove React' })).toBeNull();

    await next(user);
    expect(screen.getByRole('heading', { name: 'CHOOSE YOUR ROLE' })).toBeInTheDocument();
  });

  it('BACK keeps everything typed', async () => {
    const { user } = renderWizard();
    await fillBasics(user);
    await next(user);
    await user.type(screen.getByLabelText('Location'), 'London, UK');
    await user.click(screen.getByRole('button', { name: /BACK/ }));
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Password')).toHaveValue('Abcdef1!');
    await next(user);
    expect(screen.getByLabelText('Location')).toHaveValue('London, UK');
  });
});

describe('SignupWizard step 3 (CHOOSE YOUR ROLE)', () => {
  async function reachRoles(user: UserEvent) {
    await fillBasics(user);
    await next(user);
    await fillProfile(user);
    await next(user);
  }

  it('defaults to explorer and offers the three cards plus investor', async () => {
    const { user } = renderWizard();
    await reachRoles(user);
    expect(screen.getByRole('radio', { name: 'EXPLORER' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'COLLABORATOR' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'INNOVATOR' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: "I'm an investor" })).not.toBeChecked();
    expect(screen.getByText('£15/month')).toBeInTheDocument();
    expect(screen.getByText('£25/month')).toBeInTheDocument();
  });

  it('creates the account with plan free, then hands the username over and resets', async () => {
    const bodies: SignupRequest[] = [];
    server.use(
      http.post('/api/auth/signup', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ user: makeUser(), message: 'ok' }, { status: 201 });
      }),
    );
    const { user, onSignedUp } = renderWizard();
    await reachRoles(user);
    await user.click(screen.getByRole('radio', { name: 'INNOVATOR' }));
    await user.click(screen.getByRole('button', { name: 'CREATE ACCOUNT' }));

    await waitFor(() => expect(onSignedUp).toHaveBeenCalledWith('ada'));
    expect(bodies).toEqual([
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        username: 'ada',
        password: 'Abcdef1!',
        role: 'innovator',
        plan: 'free',
        location: 'London, UK',
        bio: 'Engines and poems.',
        skills: ['Mathematics'],
      },
    ]);
    expect(currentToast()).toMatchObject({
      title: 'Account Created',
      description: 'Your account has been created successfully. Please log in.',
    });
    expect(screen.getByRole('heading', { name: 'BASIC DETAILS' })).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('');
  });

  it('mentions the connection when there is a connect target', async () => {
    server.use(
      http.post('/api/auth/signup', () =>
        HttpResponse.json({ user: makeUser(), message: 'ok' }, { status: 201 }),
      ),
    );
    const { user, onSignedUp } = renderWizard(true);
    await reachRoles(user);
    await user.click(screen.getByRole('button', { name: 'CREATE ACCOUNT' }));
    await waitFor(() => expect(onSignedUp).toHaveBeenCalled());
    expect(currentToast()?.description).toBe(
      'Your account has been created successfully. Please log in to complete the connection.',
    );
  });

  it('a failure shows Signup Failed with the server message and keeps what was typed', async () => {
    server.use(
      http.post('/api/auth/signup', () =>
        HttpResponse.json(
          { message: 'Username already taken. Please choose a different username.' },
          { status: 409 },
        ),
      ),
    );
    const { user, onSignedUp } = renderWizard();
    await reachRoles(user);
    await user.click(screen.getByRole('button', { name: 'CREATE ACCOUNT' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Signup Failed',
        description: 'Username already taken. Please choose a different username.',
      }),
    );
    expect(onSignedUp).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'CHOOSE YOUR ROLE' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /BACK/ }));
    await user.click(screen.getByRole('button', { name: /BACK/ }));
    expect(screen.getByLabelText('Username')).toHaveValue('ada');
  });

  it('falls back to the generic failure text', async () => {
    server.use(http.post('/api/auth/signup', () => new HttpResponse(null, { status: 500 })));
    const { user } = renderWizard();
    await reachRoles(user);
    await user.click(screen.getByRole('button', { name: 'CREATE ACCOUNT' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Signup Failed',
        description: 'Failed to create account. Please try again.',
      }),
    );
  });
});
