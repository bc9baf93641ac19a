import type { UseQueryResult } from '@tanstack/react-query';
import type { Tool } from '#shared/schemas/tools.ts';
import { ErrorNotice } from '#client/components/ui/error-notice.tsx';
import { LoadingImage } from '#client/components/ui/loading-image.tsx';
import { ToolCard } from './tool-card.tsx';

/** Tool cards in one, two or three columns. */
export function ToolList({ tools, eagerCount = 3 }: { tools: Tool[]; eagerCount?: number }) {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Tools">
      {tools.map((tool, index) => (
        <li key={tool._id} className="flex">
          <ToolCard tool={tool} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}

/** The tool cards of a list; the loading image until it arrives. */
export function ToolGrid({ query }: { query: UseQueryResult<Tool[]> }) {
  if (query.isPending) return <LoadingImage label="Loading tools" />;
  if (query.isError) return <ToolsLoadError retry={() => void query.refetch()} />;
  if (query.data.length === 0) return <NoToolsYet />;
  return <ToolList tools={query.data} />;
}

export function ToolsLoadError({ retry }: { retry: () => void }) {
  return <ErrorNotice message="The tools could not be loaded." onRetry={retry} />;
}

export function NoToolsYet() {
  return <p className="text-base-content/70 py-16 text-center">No tools in the catalogue yet.</p>;
}
