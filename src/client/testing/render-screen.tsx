import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { Route, Switch, useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import type { OriginState } from '#client/app/guards/require-auth.tsx';
import { queryClient } from '#client/lib/query-client.ts';

/** Where a test lands when a screen sends the user elsewhere: says the path and the page remembered. */
function Landing() {
  const [path] = useLocation();
  const from = useHistoryState<OriginState | null>()?.from;
  return <p>{`Landed on ${path}${from ? ` from ${from}` : ''}`}</p>;
}

type HistoryAction = 'PUSH' | 'REPLACE' | 'POP';

/** The browser's address as the screen left it, and how it got there. */
function watchHistory() {
  let action: HistoryAction | undefined;
  const record = (next: HistoryAction) => () => (action = next);
  addEventListener('pushState', record('PUSH'));
  addEventListener('replaceState', record('REPLACE'));
  addEventListener('popstate', record('POP'));
  return {
    get search() {
      return location.search;
    },
    /** The last change of address: a new entry, the current one replaced, or a step through history. */
    get action() {
      return action;
    },
    /** The browser's back button, once the screen has seen it. */
    back: () =>
      new Promise<void>((resolve) => {
        addEventListener('popstate', () => resolve(), { once: true });
        history.back();
      }),
  };
}

/**
 * Renders a screen as the app does, with the app's query client and its toasts, in the browser's history:
 * at `url`, as the route `route` (by default the url's path). Every other path shows where the user was sent.
 */
export function renderScreen(
  screen: ReactNode,
  { url = '/', route = url.split('?')[0] }: { url?: string; route?: string } = {},
) {
  history.replaceState(null, '', url);
  const browser = watchHistory();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <Switch>
        <Route path={route}>{screen}</Route>
        <Route>
          <Landing />
        </Route>
      </Switch>
      <Toaster />
    </QueryClientProvider>,
  );
  return { user, browser };
}
