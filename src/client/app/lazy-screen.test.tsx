import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Route, useLocation } from 'wouter';
import { PageSpinner } from '#client/components/ui/spinner.tsx';
import { lazyScreen, type LoaderArgs } from './lazy-screen.tsx';
import { ScreenErrorBoundary } from './screen-error-boundary.tsx';

/** A promise the test settles. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}

function Tool({ children }: { children?: React.ReactNode }) {
  const [path] = useLocation();
  return (
    <p>
      {`Tool screen at ${path}`}
      {children}
    </p>
  );
}

function show(screenAt: ReturnType<typeof lazyScreen>, url: string) {
  history.replaceState(null, '', url);
  function App() {
    const [path] = useLocation();
    return (
      <ScreenErrorBoundary resetKey={path}>
        <Suspense fallback={<PageSpinner />}>
          <Route path="/parts/:id">{() => <ScreenAt />}</Route>
          <Route path="/elsewhere">
            <p>Elsewhere</p>
          </Route>
        </Suspense>
      </ScreenErrorBoundary>
    );
  }
  const ScreenAt = screenAt;
  render(<App />);
}

const navigate = (url: string) => act(async () => history.pushState(null, '', url));

describe('a lazily loaded screen', () => {
  it('shows the spinner until both its code and its data are in, asked for side by side', async () => {
    const code = deferred<typeof Tool>();
    const data = deferred<null>();
    const loader = vi.fn((_: LoaderArgs) => data.promise);
    show(
      lazyScreen(() => code.promise, { loader, arrivalKey: (params) => `tool ${params.id}` }),
      '/parts/7?q=a',
    );

    expect(screen.getByRole('status').textContent).toBe('Loading the page');
    expect(loader).toHaveBeenCalledTimes(1);
    expect(loader.mock.calls[0]![0].params.id).toBe('7');
    expect(loader.mock.calls[0]![0].search.get('q')).toBe('a');

    await act(async () => code.resolve(Tool));
    expect(screen.getByRole('status')).toBeTruthy();
    await act(async () => data.resolve(null));
    expect(await screen.findByText('Tool screen at /parts/7')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('waits again for another arrival (another tool), not for a new search on the same one', async () => {
    const loads: Array<ReturnType<typeof deferred<null>>> = [];
    const loader = () => {
      loads.push(deferred<null>());
      return loads.at(-1)!.promise;
    };
    show(
      lazyScreen(async () => Tool, { loader, arrivalKey: (params) => `tool ${params.id}` }),
      '/parts/7',
    );
    await act(async () => loads[0]!.resolve(null));
    expect(await screen.findByText('Tool screen at /parts/7')).toBeTruthy();

    await navigate('/parts/7?q=b');
    expect(screen.getByText('Tool screen at /parts/7')).toBeTruthy();
    expect(loads).toHaveLength(1);

    await navigate('/parts/8');
    expect(screen.getByRole('status')).toBeTruthy();
    expect(loads).toHaveLength(2);
    await act(async () => loads[1]!.resolve(null));
    expect(await screen.findByText('Tool screen at /parts/8')).toBeTruthy();
  });

  it('shows the error page when its code fails to download, and another address tries again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let attempts = 0;
    const code = async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return Tool;
    };
    show(lazyScreen(code, { arrivalKey: (params) => `tool ${params.id}` }), '/parts/7');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();

    await navigate('/elsewhere');
    expect(screen.getByText('Elsewhere')).toBeTruthy();
    await navigate('/parts/7');
    expect(await screen.findByText('Tool screen at /parts/7')).toBeTruthy();
    expect(attempts).toBe(2);
  });
});
