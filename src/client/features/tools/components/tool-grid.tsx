import type { UseQueryResult } from '@tanstack/react-query';
import type { Tool } from '#shared/schemas/tools.ts';
import { ErrorNotice } from '#client/components/ui/error-notice.tsx';
import { LoadingImage } from '#client/components/ui/loading-image.tsx';
import { ToolCard } from './tool-card.tsx';

/** Tool cards in one, two or three columns; the loading image until the list arrives. */
export function ToolGrid({ query, eagerCount = 3 }: { query: UseQueryResult<Tool[]>; eagerCount?: number }) {
  if (query.isPending) return <LoadingImage label="Loading tools" />;
  if (query.isError) {
    return <ErrorNotice message="The tools could not be loaded." onRetry={() => void query.refetch()} />;
  }
  if (query.data.length === 0) {
    return <p className="text-base-content/70 py-16 text-center">No tools in the catalogue yet.</p>;
  }
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Tools">
      {query.data.map((tool, index) => (
        <li key={tool._id} className="flex">
          <ToolCard tool={tool} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
