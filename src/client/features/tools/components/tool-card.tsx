import { Link } from 'wouter';
import type { Tool } from '#shared/schemas/tools.ts';
import { formatDollars } from '#shared/money.ts';
import { formatCount } from '#shared/number-format.ts';

export function ToolCard({
  tool,
  eager = false,
  showBuy = true,
}: {
  tool: Tool;
  eager?: boolean;
  showBuy?: boolean;
}) {
  return (
    <article className="card group border-base-300 bg-base-100 overflow-hidden border shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg">
      <figure className="bg-base-200 aspect-[4/3]">
        <img
          src={tool.image}
          alt={tool.name}
          width={400}
          height={300}
          loading={eager ? 'eager' : 'lazy'}
          className="h-full w-full object-cover transition duration-300 group-hover:scale-[1.03]"
        />
      </figure>
      <div className="card-body gap-3 p-5">
        <h3 className="card-title text-lg leading-snug">{tool.name}</h3>
        <p className="text-base-content/75 line-clamp-3 text-sm">{tool.details}</p>
        <p className="text-2xl font-bold">
          {formatDollars(tool.price)}
          <span className="text-base-content/70 ml-1 text-sm font-normal">per piece</span>
        </p>
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <div className="bg-base-200 rounded-box px-3 py-2">
            <dt className="text-base-content/70 text-xs uppercase tracking-wide">In stock</dt>
            <dd className="font-semibold">{formatCount(tool.availableQuantity)} pcs</dd>
          </div>
          <div className="bg-base-200 rounded-box px-3 py-2">
            <dt className="text-base-content/70 text-xs uppercase tracking-wide">Minimum order</dt>
            <dd className="font-semibold">{formatCount(tool.minOrderQuantity)} pcs</dd>
          </div>
        </dl>
        {showBuy && (
          <div className="card-actions mt-1">
            <Link
              to={`/parts/${tool._id}`}
              className="btn btn-primary btn-block"
              aria-label={`Buy Now: ${tool.name}`}
            >
              Buy Now
            </Link>
          </div>
        )}
      </div>
    </article>
  );
}
