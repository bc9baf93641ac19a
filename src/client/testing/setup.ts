import { cleanup } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach } from 'vitest';
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
