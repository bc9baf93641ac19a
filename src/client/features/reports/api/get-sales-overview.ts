import { useQuery } from '@tanstack/react-query';
import { api } from '#shared/api/contract.ts';
import { callApi } from '#client/lib/api-client.ts';

/** Sales at a glance (administrators), as the orders and the catalogue are now. */
export function useSalesOverview() {
  return useQuery({
    queryKey: ['reports', 'sales'],
    queryFn: ({ signal }) => callApi(api.reports.sales, {}, signal),
  });
}
