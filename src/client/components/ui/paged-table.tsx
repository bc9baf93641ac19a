import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { useListParams } from '#client/lib/list-params.ts';
import { DataTable } from './data-table.tsx';
import { ErrorNotice } from './error-notice.tsx';
import { LoadingImage } from './loading-image.tsx';
import { NoMatches } from './no-matches.tsx';
import { PageMeta } from './page-meta.tsx';
import { Pagination } from './pagination.tsx';
import { SearchField } from './search-field.tsx';

/** What a page of a longer list says beside its rows (`pageInfoSchema` of #shared/schemas/common.ts). */
interface PageInfo {
  total: number;
  page: number;
  pageSize: number;
}

/** The rows as a table (one row each, numbered from the first row of the first page), or as a list of cards. */
type Rows<Row> =
  | { columns: ReactNode[]; row: (row: Row, number: number) => ReactNode; cards?: never }
  | { cards: (rows: Row[]) => ReactNode; columns?: never; row?: never };

type PagedTableProps<Row> = Rows<Row> & {
  meta: { title: string; description: string };
  /** The page on the screen; while the next one loads, this one stays (`placeholderData`). */
  query: UseQueryResult<PageInfo>;
  rows: Row[];
  loadingLabel: string;
  /** The spec's heading (with the count of matching rows), or what a search that found nothing says. */
  heading: string;
  /** Said under the heading. */
  intro?: ReactNode;
  search: { label: string; value: string | undefined };
  /** More filters beside the search box. */
  filters?: ReactNode;
  /** Whether the list is narrowed by a search or filter; by default, whether there is a search. */
  narrowed?: boolean;
  /** What a search that found nothing offers, and how it clears the search (by default, only `q`). */
  noMatches: { message: string; clearLabel: string; clear?: () => void };
  list: ReturnType<typeof useListParams>;
  children?: ReactNode;
};

/**
 * An administrator's table (or list of cards) a page at a time: its heading, a search box (and filters), the
 * rows, the page links, and what a search that found nothing says. Announces the heading as it changes.
 */
export function PagedTable<Row>({
  meta,
  query,
  rows,
  loadingLabel,
  heading,
  intro,
  search,
  filters,
  narrowed = Boolean(search.value),
  noMatches,
  list,
  columns,
  row,
  cards,
  children,
}: PagedTableProps<Row>) {
  if (query.isPending) return <LoadingImage label={loadingLabel} />;
  if (query.isError)
    return <ErrorNotice message={query.error.message} onRetry={() => void query.refetch()} />;

  const { total, page, pageSize } = query.data;
  const updating = query.isPlaceholderData;
  return (
    <section>
      <PageMeta {...meta} />
      <h2 aria-live="polite" className={`text-2xl font-bold ${intro ? 'mb-2' : 'mb-4'}`}>
        {heading}
      </h2>
      {intro && <p className="text-base-content/75 mb-4 max-w-2xl">{intro}</p>}
      {(total > 0 || narrowed) && (
        <div className="mb-4 flex flex-wrap items-end gap-4">
          <SearchField
            className="w-full max-w-md"
            label={search.label}
            value={search.value ?? ''}
            onSearch={(q, options) => list.change({ q }, options)}
          />
          {filters}
        </div>
      )}
      {total === 0 && narrowed && (
        <NoMatches
          message={noMatches.message}
          clearLabel={noMatches.clearLabel}
          onClear={noMatches.clear ?? (() => list.change({ q: undefined }))}
        />
      )}
      {total > 0 && (
        <div aria-busy={updating} className={`transition-opacity ${updating ? 'opacity-60' : ''}`}>
          {cards ? (
            cards(rows)
          ) : (
            <DataTable columns={columns}>
              {rows.map((item, index) => row(item, (page - 1) * pageSize + index + 1))}
            </DataTable>
          )}
          <Pagination
            page={list.page}
            pageSize={pageSize}
            total={total}
            hrefFor={list.pageHref}
            pending={updating}
            label={`${meta.title} pages`}
          />
        </div>
      )}
      {children}
    </section>
  );
}
