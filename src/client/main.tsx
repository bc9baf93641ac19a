import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { caseInsensitivePaths } from './app/case-insensitive-paths.ts';
import { SiteLayout } from './app/layouts/site-layout.tsx';
import { Toasts } from './app/toasts.tsx';
import { queryClient } from './lib/query-client.ts';
import { sessionQueryOptions } from './lib/session.ts';
import './styles.css';

// Every page's navigation bar (and the sign-in screens) wait for the session: it is asked for now, beside the
// screen's code, not once the first render's effects have run.
void queryClient.prefetchQuery(sessionQueryOptions);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <Router parser={caseInsensitivePaths}>
        <SiteLayout />
      </Router>
      <Toasts />
    </QueryClientProvider>
  </StrictMode>,
);
