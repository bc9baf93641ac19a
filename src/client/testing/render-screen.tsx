import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { queryClient } from '#client/lib/query-client.ts';

/** Where a test lands when a screen sends the user elsewhere: says the path and the page remembered. */
function Landing() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string } } | null)?.from?.pathname;
  return <p>{`Landed on ${location.pathname}${from ? ` from ${from}` : ''}`}</p>;
}

/**
 * Renders a screen as the app does, inside a data router with the app's query client and its toasts: at
 * `url`, as the route `route` (by default the url's path), or among `routes`. Every other path shows where
 * the user was sent.
 */
export function renderScreen(
  screen: ReactNode,
  {
    url = '/',
    route = url.split('?')[0],
    routes,
  }: { url?: string; route?: string; routes?: RouteObject[] } = {},
) {
  const router = createMemoryRouter(
    [...(routes ?? [{ path: route, element: screen }]), { path: '*', element: <Landing /> }],
    { initialEntries: [url] },
  );
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { user, router };
}
