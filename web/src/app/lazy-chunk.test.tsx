import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_GUARD_MS,
  CHUNK_RELOAD_KEY,
  isChunkLoadError,
  lazyChunk,
  page,
  reloadForNewDeploy,
} from '@/lib/lazy-chunk';
import { RootBoundary } from '@/app/root-boundary';
import { RouteBoundary } from '@/app/route-boundary';
import { renderWithProviders } from '@/test/render';

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/x-abc.js');

function Hello({ name }: { name: string }) {
  return <p>{`Hello ${name}`}</p>;
}

/** A loader that fails `failures` times with a chunk error, then loads. */
function flakyLoader(failures: number) {
  let calls = 0;
  const load = vi.fn(() => {
    calls += 1;
    return calls <= failures ? Promise.reject(chunkError()) : Promise.resolve({ default: Hello });
  });
  return load;
}

function renderScreen(Screen: ReturnType<typeof lazyChunk<{ name: string }>>) {
  return renderWithProviders(
    <RouteBoundary standalone>
      <Suspense fallback={<p>loading</p>}>
        <Screen name="Ada" />
      </Suspense>
    </RouteBoundary>,
  );
}

describe('isChunkLoadError', () => {
  it.each([
    new TypeError('Failed to fetch dynamically imported module: https://grow.example/assets/a.js'),
    new TypeError('error loading dynamically imported module: https://grow.example/assets/a.js'),
    new TypeError('Importing a module script failed.'),
    new Error('Unable to preload CSS for /assets/a.css'),
    Object.assign(new Error('Loading chunk 3 failed.'), { name: 'ChunkLoadError' }),
  ])('knows %s', (error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('is not fooled by other errors', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('reloadForNewDeploy', () => {
  beforeEach(() => sessionStorage.clear());

  it('reloads once, then not again within the guard, then again after it', () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    expect(reloadForNewDeploy(1_000_000)).toBe(true);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe('1000000');
    expect(reloadForNewDeploy(1_000_000 + CHUNK_RELOAD_GUARD_MS - 1)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadForNewDeploy(1_000_000 + CHUNK_RELOAD_GUARD_MS + 1)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

describe('lazyChunk', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => sessionStorage.clear());

  it('loads the screen with its props', async () => {
    renderScreen(lazyChunk(flakyLoader(0)));
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
  });

  it('a chunk missing after a deploy reloads the page once, and keeps showing the loading state', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    renderScreen(lazyChunk(flakyLoader(1)));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });

  it('still missing after that reload: the error boundary, whose Retry loads the chunk again', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now())); // the page has just reloaded for it
    const load = flakyLoader(1);
    renderScreen(lazyChunk(load));

    expect(
      await screen.findByRole('heading', { name: 'Something went wrong', level: 1 }),
    ).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('any other failure goes straight to the boundary', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Screen = lazyChunk<{ name: string }>(() => Promise.reject(new Error('boom')));
    renderScreen(Screen);
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it('offline, a chunk that cannot be loaded does not reload the page: the boundary shows, and Retry loads it', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const load = flakyLoader(1);
    renderScreen(lazyChunk(load));

    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(1);
    onLine.mockReturnValue(true);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('the root boundary', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => sessionStorage.clear());

  it('a chunk above every screen (a Report dialog) that fails shows the root boundary, and Retry recovers', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const load = flakyLoader(1);
    const Dialog = lazyChunk(load);
    renderWithProviders(
      <RootBoundary>
        <p>The shell</p>
        <Suspense fallback={null}>
          <Dialog name="Ada" />
        </Suspense>
      </RootBoundary>,
    );

    expect(
      await screen.findByRole('heading', { name: 'Something went wrong', level: 1 }),
    ).toBeInTheDocument();
    expect(
      screen.getByText("Grow hit a snag and couldn't show this. Check your connection, then try again."),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Go to Home' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(screen.getByText('The shell')).toBeInTheDocument();
  });

  it('Go to Home goes home and renders the app again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const Dialog = lazyChunk(flakyLoader(1));
    const { location } = renderWithProviders(
      <RootBoundary>
        <Suspense fallback={null}>
          <Dialog name="Ada" />
        </Suspense>
      </RootBoundary>,
      { path: '/ideate' },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Go to Home' }));
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(location()).toBe('/');
  });

  it("retrying the root loads again a screen that failed under its route's boundary", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const load = flakyLoader(1);
    const Screen = lazyChunk(load);
    const state = { broken: true };
    function Shell() {
      if (state.broken) throw new Error('the shell failed');
      return <p>The shell</p>;
    }
    renderWithProviders(
      <RootBoundary>
        <RouteBoundary>
          <Suspense fallback={<p>loading</p>}>
            <Screen name="Ada" />
          </Suspense>
        </RouteBoundary>
        <Shell />
      </RootBoundary>,
    );
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    state.broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
  });
});
