import type { CatalogueSort } from '#shared/schemas/tools.ts';
import { readChoice, readNumber, readPage, readText } from '#client/lib/list-params.ts';
import type { CataloguePageQuery } from '#client/features/tools/api/get-catalogue-page.ts';

/** The sorts of GET /api/catalogue, by the names the buyer sees; the first is the default. */
export const SORTS: Record<CatalogueSort, string> = {
  newest: 'Newest',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  name: 'Name',
};
const SORT_NAMES = Object.keys(SORTS) as CatalogueSort[];

/** The highest price bound the API takes, in dollars. */
export const PRICE_MAX = 1_000_000;

/** The catalogue page the address asks for (`?q=&sort=&inStock=true&minPrice=&maxPrice=&page=`). */
export function readCatalogueQuery(params: URLSearchParams): CataloguePageQuery {
  const minPrice = readNumber(params, 'minPrice', 0, PRICE_MAX);
  const maxPrice = readNumber(params, 'maxPrice', minPrice ?? 0, PRICE_MAX);
  return {
    q: readText(params, 'q'),
    sort: readChoice(params, 'sort', SORT_NAMES) ?? 'newest',
    inStock: params.get('inStock') === 'true',
    minPrice,
    maxPrice,
    page: readPage(params),
  };
}

/** Whether the list is narrowed by a search or a filter (the sort does not narrow it). */
export function isNarrowed({ q, inStock, minPrice, maxPrice }: CataloguePageQuery): boolean {
  return Boolean(q) || Boolean(inStock) || minPrice !== undefined || maxPrice !== undefined;
}

/** The parameters that narrow the list, all removed. */
export const NO_SEARCH_OR_FILTERS = {
  q: undefined,
  inStock: undefined,
  minPrice: undefined,
  maxPrice: undefined,
};
