import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#shared/api/contract.ts';
import type { CatalogueQuery } from '#shared/schemas/tools.ts';
import { callApi } from '#client/lib/api-client.ts';
import { toolKeys, type PageQuery } from '#client/lib/query-keys.ts';

export type CataloguePageQuery = PageQuery<CatalogueQuery>;

/** A page of the catalogue: searched (name and details), filtered, sorted (newest first by default). */
export function getCataloguePage(query: CataloguePageQuery, signal?: AbortSignal) {
  return callApi(api.tools.page, { query: { ...query, inStock: query.inStock || undefined } }, signal);
}

export function cataloguePageQueryOptions(query: CataloguePageQuery) {
  return queryOptions({
    queryKey: toolKeys.page(query),
    queryFn: ({ signal }) => getCataloguePage(query, signal),
    // The page on the screen stays until the next one is in: the list does not jump back to the loading image.
    placeholderData: keepPreviousData,
  });
}

export function useCataloguePage(query: CataloguePageQuery) {
  return useQuery(cataloguePageQueryOptions(query));
}
