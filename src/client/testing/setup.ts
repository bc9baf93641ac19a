import { cleanup } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterAll, afterEach } from 'vitest';
import { queryClient } from '#client/lib/query-client.ts';
import { installFetchStub, resetFetchStub } from './api-stub.ts';

installFetchStub();

// jsdom has no media queries; the toasts ask whether the visitor wants less motion.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }) as unknown as MediaQueryList;

afterEach(() => {
  cleanup();
  toast.remove();
  queryClient.clear();
  resetFetchStub();
});

// Preact runs effects after the next frame, or after 100 ms when no frame comes (hooks' afterNextFrame); one still
// waiting when the file's jsdom is torn down called cancelAnimationFrame after jsdom had taken it away (an
// uncaught error that failed a whole run). The next frame runs every such wait scheduled before it.
afterAll(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
