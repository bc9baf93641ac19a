import type { ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { formatDollars } from '#shared/money.ts';
import { ErrorNotice } from '#client/components/ui/error-notice.tsx';
import { LoadingImage } from '#client/components/ui/loading-image.tsx';
import { PageMeta } from '#client/components/ui/page-meta.tsx';
import { texts } from '#client/lib/texts.ts';
import type { Tool } from '#shared/schemas/tools.ts';
import { useTool } from '#client/features/tools/api/get-tool.ts';
import { formatCount } from '#shared/number-format.ts';

/** The tool, and whatever the app puts beside it to buy it with. */
export function ToolDetailPage({ purchase }: { purchase?: (tool: Tool) => ReactNode }) {
  const { id = '' } = useParams();
  const query = useTool(id);
  if (query.isPending) return <LoadingImage label={texts.loadingTool} />;
  if (query.isError) {
    return (
      <div className="mx-auto w-full max-w-7xl px-4 py-12">
        <ErrorNotice message={query.error.message} />
        <p className="text-center">
          <Link to="/parts" className="link">
            Back to all tools
          </Link>
        </p>
      </div>
    );
  }
  const tool = query.data;
  return (
    <article className="mx-auto grid w-full max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-2">
      <PageMeta title={tool.name} description={tool.details} />
      <figure className="bg-base-200 border-base-300 rounded-box aspect-[4/3] self-start overflow-hidden border">
        <img
          src={tool.image}
          alt={tool.name}
          width={800}
          height={600}
          className="h-full w-full object-contain"
        />
      </figure>
      <div className="flex flex-col gap-5">
        <h1 className="text-3xl font-bold sm:text-4xl">{tool.name}</h1>
        <p className="text-base-content/80 text-lg">{tool.details}</p>
        <p className="text-3xl font-bold">
          {formatDollars(tool.price)}
          <span className="text-base-content/70 ml-2 text-base font-normal">per piece</span>
        </p>
        <dl className="grid grid-cols-2 gap-3">
          <div className="bg-base-200 rounded-box p-4">
            <dt className="text-base-content/70 text-xs uppercase tracking-wide">In stock</dt>
            <dd className="text-xl font-semibold">{formatCount(tool.availableQuantity)} pcs</dd>
          </div>
          <div className="bg-base-200 rounded-box p-4">
            <dt className="text-base-content/70 text-xs uppercase tracking-wide">Minimum order</dt>
            <dd className="text-xl font-semibold">{formatCount(tool.minOrderQuantity)} pcs</dd>
          </div>
        </dl>
        {purchase?.(tool)}
      </div>
    </article>
  );
}
