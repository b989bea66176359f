import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createFrameRouter } from '@/lib/live';
import { http } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import { investingLive } from '../live';
import { makePledge } from '@/test/fixtures';
import { InvestmentPortfolio, pledgeTab } from './investment-portfolio';

setupMswServer();

describe('InvestmentPortfolio', () => {
  it('totals the pledges in pounds, counts active and pending ones, and lists each with its upfront 10%', async () => {
    server.use(
      http.get('/api/investments', () =>
        HttpResponse.json([
          makePledge({
            id: 3,
            projectTitle: 'Solar Stitch',
            amount: 15000,
            upfrontAmount: 1500,
            status: 'pending',
            message: 'Count me in',
          }),
          makePledge({
            id: 2,
            projectTitle: 'Loom Lab',
            amount: 25050,
            upfrontAmount: 2505,
            status: 'active',
            message: '',
          }),
          makePledge({
            id: 1,
            projectTitle: 'Quiet Hours',
            amount: 10001,
            upfrontAmount: 1000,
            status: 'completed',
          }),
        ]),
      ),
    );
    renderWithProviders(<InvestmentPortfolio onOpenProject={() => undefined} />, { path: '/create' });
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(summary).toHaveTextContent('£500.51');
    expect(within(summary).getByText('Active Investments').nextSibling).toHaveTextContent('1');
    expect(within(summary).getByText('Pending Pledges').nextSibling).toHaveTextContent('1');
    expect(screen.getByRole('heading', { name: 'ROI Potential' })).toBeInTheDocument();

    // The first tab with something in it.
    expect(screen.getByRole('tab', { name: 'Active Investments', selected: true })).toBeInTheDocument();
    const active = screen.getByRole('article', { name: 'Pledge to Loom Lab' });
    expect(active).toHaveTextContent('Total Amount£250.50');
    expect(active).toHaveTextContent('Upfront Paid (10%)£25.05');

    await userEvent.click(screen.getByRole('tab', { name: 'Pending Pledges' }));
    const pending = screen.getByRole('article', { name: 'Pledge to Solar Stitch' });
    expect(pending).toHaveTextContent('£150.00');
    expect(pending).toHaveTextContent('£15.00');
    expect(pending).toHaveTextContent('Count me in');
    expect(pending).toHaveTextContent('pending');
  });

  it("shows 'No Investments Yet' with Explore Projects", async () => {
    server.use(http.get('/api/investments', () => HttpResponse.json([])));
    renderWithProviders(<InvestmentPortfolio onOpenProject={() => undefined} />, { path: '/create' });
    expect(await screen.findByRole('heading', { name: 'No Investments Yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore Projects' })).toHaveAttribute('href', '/explore');
    expect(screen.getByRole('region', { name: 'Summary' })).toHaveTextContent('£0.00');
  });

  it('keeps a declined pledge under Completed with its own badge, and out of the total invested', async () => {
    server.use(
      http.get('/api/investments', () =>
        HttpResponse.json([
          makePledge({ id: 2, projectTitle: 'Loom Lab', amount: 50000, status: 'declined' }),
          makePledge({ id: 1, projectTitle: 'Quiet Hours', amount: 20000, status: 'completed' }),
        ]),
      ),
    );
    renderWithProviders(<InvestmentPortfolio onOpenProject={() => undefined} />, { path: '/create' });
    expect(await screen.findByRole('region', { name: 'Summary' })).toHaveTextContent('£200.00');
    expect(screen.getByRole('tab', { name: 'Completed', selected: true })).toBeInTheDocument();
    const declined = screen.getByRole('article', { name: 'Pledge to Loom Lab' });
    expect(declined).toHaveTextContent('Status: declined');
    // Nothing was taken for a declined pledge: its card does not say the upfront was paid.
    expect(declined).toHaveTextContent('Not taken');
    expect(declined).not.toHaveTextContent('Upfront Paid');
    expect(screen.getByRole('article', { name: 'Pledge to Quiet Hours' })).toHaveTextContent(
      'Status: completed',
    );
  });

  it('moves a pledge to its tab when its owner accepts it (investments_changed), without a reload', async () => {
    let status = 'pending';
    server.use(
      http.get('/api/investments', () =>
        HttpResponse.json([makePledge({ id: 5, projectTitle: 'Solar Stitch', status })]),
      ),
    );
    const { queryClient } = renderWithProviders(<InvestmentPortfolio onOpenProject={() => undefined} />, {
      path: '/create',
    });
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Pending Pledges').nextSibling).toHaveTextContent('1');
    await userEvent.click(screen.getByRole('tab', { name: 'Active Investments' }));
    expect(screen.getByText('No active investments yet.')).toBeInTheDocument();

    status = 'active';
    createFrameRouter([investingLive])({ type: 'investments_changed' }, { queryClient });
    expect(await screen.findByRole('article', { name: 'Pledge to Solar Stitch' })).toHaveTextContent(
      'Status: active',
    );
    expect(within(summary).getByText('Active Investments').nextSibling).toHaveTextContent('1');
    expect(within(summary).getByText('Pending Pledges').nextSibling).toHaveTextContent('0');
  });

  it('stays on the tab it opened on when the pledge there moves away live', async () => {
    let status = 'pending';
    server.use(
      http.get('/api/investments', () =>
        HttpResponse.json([makePledge({ id: 5, projectTitle: 'Solar Stitch', status })]),
      ),
    );
    const { queryClient } = renderWithProviders(<InvestmentPortfolio onOpenProject={() => undefined} />, {
      path: '/create',
    });
    expect(await screen.findByRole('tab', { name: 'Pending Pledges', selected: true })).toBeInTheDocument();
    status = 'active';
    createFrameRouter([investingLive])({ type: 'investments_changed' }, { queryClient });
    expect(await screen.findByText('No pending pledges.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Pending Pledges', selected: true })).toBeInTheDocument();
  });

  it("opens a pledge's project from View project", async () => {
    server.use(
      http.get('/api/investments', () =>
        HttpResponse.json([makePledge({ id: 4, projectId: 31, projectTitle: 'Solar Stitch' })]),
      ),
    );
    const opened: number[] = [];
    renderWithProviders(<InvestmentPortfolio onOpenProject={(id) => opened.push(id)} />, { path: '/create' });
    await userEvent.click(await screen.findByRole('button', { name: 'View project Solar Stitch' }));
    expect(opened).toEqual([31]);
  });

  it('offers Retry when the pledges cannot be read', async () => {
    server.use(http.get('/api/investments', () => HttpResponse.json({ message: 'Down' }, { status: 500 })));
    renderWithProviders(<InvestmentPortfolio onOpenProject={() => undefined} />, { path: '/create' });
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('pledgeTab', () => {
  it('files a pledge under its status; declined and other statuses with the completed ones', () => {
    expect(pledgeTab('pending')).toBe('pending');
    expect(pledgeTab('active')).toBe('active');
    expect(pledgeTab('completed')).toBe('completed');
    expect(pledgeTab('declined')).toBe('completed');
    expect(pledgeTab('refunded')).toBe('completed');
  });
});
