import { Link } from 'wouter';
import { useTools } from '#client/features/tools/api/get-tools.ts';
import { ToolGrid } from './tool-grid.tsx';

export const LATEST_TOOLS_COUNT = 6;

export function LatestTools() {
  const query = useTools(LATEST_TOOLS_COUNT);
  return (
    <section aria-labelledby="latest-tools" className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6">
      <div className="mb-8 text-center">
        <p className="text-accent text-sm font-semibold uppercase tracking-[0.2em]">Fresh in the warehouse</p>
        <h2 id="latest-tools" className="text-3xl font-bold sm:text-4xl">
          Latest Tools
        </h2>
      </div>
      <ToolGrid query={query} />
      <div className="mt-10 flex justify-center">
        <Link to="/parts" className="btn btn-secondary btn-wide">
          More Tools
        </Link>
      </div>
    </section>
  );
}
