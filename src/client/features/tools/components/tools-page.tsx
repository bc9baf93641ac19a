import { PageMeta } from '#client/components/ui/page-meta.tsx';
import { useTools } from '#client/features/tools/api/get-tools.ts';
import { ToolGrid } from './tool-grid.tsx';

export function ToolsPage() {
  const query = useTools();
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
      <section className="mx-auto w-full max-w-7xl px-4 py-12 sm:px-6" aria-labelledby="all-tools">
        <h2 id="all-tools" className="sr-only">
          All tools
        </h2>
        <ToolGrid query={query} />
      </section>
    </>
  );
}
