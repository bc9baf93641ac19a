import { useQuery } from '@tanstack/react-query';
import { api } from '#shared/api/contract.ts';
import type { CatalogueQuery } from '#shared/schemas/tools.ts';
import { callApi } from '#client/lib/api-client.ts';
import { pageQueryOptions } from '#client/lib/page-query.ts';
import { toolKeys, type PageQuery } from '#client/lib/query-keys.ts';

export type CataloguePageQuery = PageQuery<CatalogueQuery>;

/** A page of the catalogue: searched (name and details), filtered, sorted (newest first by default). */
export function getCataloguePage(query: CataloguePageQuery, signal?: AbortSignal) {
  return callApi(api.tools.page, { query: { ...query, inStock: query.inStock || undefined } }, signal);
}

export function cataloguePageQueryOptions(query: CataloguePageQuery) {
  return pageQueryOptions(toolKeys.page(query), (signal) => getCataloguePage(query, signal));
}

export function useCataloguePage(query: CataloguePageQuery) {
  return useQuery(cataloguePageQueryOptions(query));
}
