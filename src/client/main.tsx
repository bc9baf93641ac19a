import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { render, type ComponentChild } from 'preact';
import { Router } from 'wouter';
import { caseInsensitivePaths } from './app/case-insensitive-paths.ts';
import { SiteLayout } from './app/layouts/site-layout.tsx';
import { publicScreenReady } from './app/router.tsx';
import { Toasts } from './app/toasts.tsx';
import { queryClient } from './lib/query-client.ts';
import { sessionQueryOptions } from './lib/session.ts';
import './styles.css';

// Every page's navigation bar (and the sign-in screens) wait for the session: it is asked for now, beside the
// screen's code, not once the first render's effects have run.
void queryClient.prefetchQuery(sessionQueryOptions);

const root = document.getElementById('root')!;
// A public page comes painted as written at build time (scripts/prerender.mjs): its screen's code comes in
// first, so that the first render puts the same page in place of that HTML rather than a spinner.
const screenReady = root.firstElementChild
  ? publicScreenReady(caseInsensitivePaths, location.pathname, location.search.slice(1))
  : Promise.resolve();

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <Router parser={caseInsensitivePaths}>
        <SiteLayout />
      </Router>
      <Toasts />
    </QueryClientProvider>
  </StrictMode>
);

// Preact's own render rather than createRoot, which empties the element first: it takes over the written
// page's elements, correcting what differs (the navigation bar of a signed-in visitor), so the text painted
// first stays where it is (docs/decisions/0036-public-pages-written-at-build-time.md).
void screenReady.then(() => render(app as ComponentChild, root));
