import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { http } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import { makeProject } from '../test-data';
import ProjectDetailDialog from './project-detail-dialog';

setupMswServer();

function open(project: ReturnType<typeof makeProject>) {
  const asked: string[] = [];
  server.use(
    http.get('/api/auth/user', () => HttpResponse.json(makeUser())),
    http.get('/api/projects/5', () => HttpResponse.json(project)),
    http.get('/api/projects/5/updates', () => {
      asked.push('updates');
      return HttpResponse.json([]);
    }),
    http.get('/api/projects/5/feedback', () => {
      asked.push('feedback');
      return HttpResponse.json([]);
    }),
  );
  renderWithProviders(
    <ProjectDetailDialog
      projectId={5}
      initial={project}
      isInvestor={false}
      onClose={vi.fn()}
      onPledge={vi.fn()}
    />,
  );
  return asked;
}

describe('the project detail dialog', () => {
  it("a protected project's updates and feedback are for its team: an outsider is told so and nothing is asked", async () => {
    const asked = open(makeProject({ id: 5, isProtected: true, myRole: null, isSupported: true }));
    await userEvent.click(await screen.findByRole('tab', { name: 'Updates' }));
    expect(await screen.findByText('FOR THE TEAM ONLY')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Feedback' }));
    expect(await screen.findByText(/its updates and feedback are for its members/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(screen.queryByRole('button', { name: /Leave Feedback/ })).toBeNull();
    expect(asked).toEqual([]);
  });

  it('a member of a protected project sees its updates', async () => {
    const asked = open(makeProject({ id: 5, isProtected: true, myRole: 'collaborator' }));
    await userEvent.click(await screen.findByRole('tab', { name: 'Updates' }));
    expect(await screen.findByText('NO UPDATES YET')).toBeInTheDocument();
    expect(asked).toContain('updates');
  });
});
