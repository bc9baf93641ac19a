import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from 'react-hot-toast';
import { RouterProvider } from 'react-router';
import { router } from './app/router.tsx';
import { queryClient } from './lib/query-client.ts';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {/* The spec's toasts: top right, gone after 5000 ms. */}
      <Toaster position="top-right" toastOptions={{ duration: 5000 }} containerStyle={{ top: 72 }} />
    </QueryClientProvider>
  </StrictMode>,
);
