import { LoadingImage } from '#client/components/ui/loading-image.tsx';
import { NoMatches } from '#client/components/ui/no-matches.tsx';
import { PageMeta } from '#client/components/ui/page-meta.tsx';
import { Pagination } from '#client/components/ui/pagination.tsx';
import { useListParams } from '#client/lib/list-params.ts';
import { useCataloguePage } from '#client/features/tools/api/get-catalogue-page.ts';
import { CatalogueControls } from './catalogue-controls.tsx';
import { isNarrowed, NO_SEARCH_OR_FILTERS, readCatalogueQuery } from './catalogue-query.ts';
import { NoToolsYet, ToolList, ToolsLoadError } from './tool-grid.tsx';
import { formatCount } from '#shared/number-format.ts';

/** "1 tool", "24 tools", or for a search that matched more than it counts, "1,000+ tools". */
const toolCount = ({ total, moreThanTotal }: { total: number; moreThanTotal: boolean }) =>
  `${formatCount(total)}${moreThanTotal ? '+' : ''} ${total === 1 && !moreThanTotal ? 'tool' : 'tools'}`;

/** /parts: the catalogue, a page at a time, searched, sorted and filtered, all of it in the address. */
export function ToolsPage() {
  const list = useListParams();
  const query = readCatalogueQuery(list.params);
  const result = useCataloguePage(query);
  const narrowed = isNarrowed(query);
  const clear = () => list.change(NO_SEARCH_OR_FILTERS);
  // A newer page is on its way: the one on the screen stays (dimmed) so that nothing jumps.
  const updating = result.isPlaceholderData;

  return (
    <>
      <PageMeta
        title="All Tools"
        description="The full Forgeline catalogue: power tools, hand tools, bearings and fasteners, newest first, with stock and minimum order quantities."
      />
      <header className="bg-neutral text-neutral-content">
        <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
          <p className="text-primary text-sm font-semibold uppercase tracking-[0.2em]">Catalogue</p>
          <h1 className="text-3xl font-bold sm:text-4xl">All Tools</h1>
          <p className="mt-2 max-w-2xl opacity-80">
            Every tool and part we stock, newest first. Prices are per piece; each item has a minimum order
            quantity for bulk buyers.
          </p>
        </div>
      </header>
      <section className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10" aria-labelledby="all-tools">
        <h2 id="all-tools" className="sr-only">
          All tools
        </h2>
        <CatalogueControls query={query} change={list.change} onClear={narrowed ? clear : undefined} />
        <p role="status" className="mb-4 flex min-h-6 items-center gap-2 font-semibold">
          {result.data && toolCount(result.data)}
          {updating && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        </p>
        {result.isPending ? (
          <LoadingImage label="Loading tools" />
        ) : result.isError ? (
          <ToolsLoadError retry={() => void result.refetch()} />
        ) : result.data.total === 0 ? (
          narrowed ? (
            <NoMatches
              message="No tools match your search and filters."
              clearLabel="Clear search and filters"
              onClear={clear}
            />
          ) : (
            <NoToolsYet />
          )
        ) : (
          <div aria-busy={updating} className={`transition-opacity ${updating ? 'opacity-60' : ''}`}>
            <ToolList tools={result.data.tools} />
            <Pagination
              page={list.page}
              pageSize={result.data.pageSize}
              total={result.data.total}
              hrefFor={list.pageHref}
              pending={updating}
              label="Catalogue pages"
            />
          </div>
        )}
      </section>
    </>
  );
}
