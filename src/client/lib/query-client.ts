import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx answer will not change by asking again, except "too many requests" (the shop's turns).
      retry: (failures, error) =>
        !(error instanceof ApiRequestError && error.statusCode < 500 && error.statusCode !== 429) &&
        failures < 2,
    },
  },
});
