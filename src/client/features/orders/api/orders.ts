import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order, PlaceOrder } from '#shared/schemas/orders.ts';
import { apiGet, apiSend } from '#client/lib/api-client.ts';

export function myOrdersQueryOptions(email: string) {
  return queryOptions({
    queryKey: ['orders', 'mine', email],
    queryFn: ({ signal }) => apiGet<Order[]>(`/singleOrder?email=${encodeURIComponent(email)}`, signal),
  });
}

export const allOrdersQueryOptions = queryOptions({
  queryKey: ['orders', 'all'],
  queryFn: ({ signal }) => apiGet<Order[]>('/orders', signal),
});

export function useMyOrders(email: string) {
  return useQuery({ ...myOrdersQueryOptions(email), enabled: email !== '' });
}

export function useAllOrders() {
  return useQuery(allOrdersQueryOptions);
}

/** Every order change also changes stock: the orders and the catalogue are read again. */
function useOrderMutation<Variables, Result>(request: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
      await queryClient.invalidateQueries({ queryKey: ['tools'] });
    },
  });
}

export function usePlaceOrder() {
  return useOrderMutation((order: PlaceOrder) => apiSend<{ insertedId: string }>('POST', '/order', order));
}

export function useCancelOrder() {
  return useOrderMutation((id: string) => apiSend<{ deletedCount: number }>('DELETE', `/myorder/${id}`));
}

export function useDeleteOrder() {
  return useOrderMutation((id: string) => apiSend<{ deletedCount: number }>('DELETE', `/order/${id}`));
}

export function useShipOrder() {
  return useOrderMutation((id: string) => apiSend<{ modifiedCount: number }>('PUT', `/ship/${id}`));
}
