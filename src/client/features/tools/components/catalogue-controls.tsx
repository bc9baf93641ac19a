import { useId } from 'react';
import type { CatalogueSort } from '#shared/schemas/tools.ts';
import { SearchField } from '#client/components/ui/search-field.tsx';
import type { ChangeOptions, ParamChanges } from '#client/lib/list-params.ts';
import type { CataloguePageQuery } from '#client/features/tools/api/get-catalogue-page.ts';
import { SORTS } from './catalogue-query.ts';
import { PriceRange } from './price-range.tsx';

interface CatalogueControlsProps {
  query: CataloguePageQuery;
  change: (changes: ParamChanges, options?: ChangeOptions) => void;
  /** Clears the search and the filters; absent when there are none. */
  onClear?: (() => void) | undefined;
}

/** The catalogue's search box, sort and filters, each kept in the page's address. */
export function CatalogueControls({ query, change, onClear }: CatalogueControlsProps) {
  const sortId = useId();
  return (
    <div className="border-base-300 bg-base-100 rounded-box mb-6 grid gap-4 border p-4 shadow-sm sm:p-5 md:grid-cols-[1fr_14rem]">
      <SearchField
        label="Search tools"
        placeholder="Name or details, e.g. bolt m10 hex"
        value={query.q ?? ''}
        onSearch={(q, options) => change({ q }, options)}
      />
      <div>
        <label htmlFor={sortId} className="mb-1 block text-sm font-semibold">
          Sort by
        </label>
        <select
          id={sortId}
          className="select h-11 w-full"
          value={query.sort}
          onChange={(event) => {
            const sort = event.target.value as CatalogueSort;
            change({ sort: sort === 'newest' ? undefined : sort });
          }}
        >
          {Object.entries(SORTS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-wrap items-end gap-x-8 gap-y-3 md:col-span-2">
        <PriceRange
          min={query.minPrice}
          max={query.maxPrice}
          onChange={(bound, value, options) => change({ [bound]: value }, options)}
        />
        <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-semibold">
          <input
            type="checkbox"
            className="checkbox checkbox-primary"
            checked={query.inStock ?? false}
            onChange={(event) => change({ inStock: event.target.checked ? 'true' : undefined })}
          />
          In stock only
        </label>
        {onClear && (
          <button type="button" className="btn btn-ghost btn-sm h-11 md:ml-auto" onClick={onClear}>
            Clear search and filters
          </button>
        )}
      </div>
    </div>
  );
}
