import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { caseInsensitivePaths } from './app/case-insensitive-paths.ts';
import { SiteLayout } from './app/layouts/site-layout.tsx';
import { Toasts } from './app/toasts.tsx';
import { queryClient } from './lib/query-client.ts';
import './styles.css';

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
