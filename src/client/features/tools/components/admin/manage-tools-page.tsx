import { Link } from 'wouter';
import { messages } from '#shared/messages.ts';
import { formatDollars } from '#shared/money.ts';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { TableImage } from '#client/components/ui/data-table.tsx';
import { PagedTable } from '#client/components/ui/paged-table.tsx';
import { readSearchAndPage, useListParams } from '#client/lib/list-params.ts';
import { useConfirmedAction } from '#client/lib/use-confirmed-action.ts';
import { useCataloguePage } from '#client/features/tools/api/get-catalogue-page.ts';
import { useDeleteTool } from '#client/features/tools/api/delete-tool.ts';

const preview = (details: string) => (details.length > 30 ? `${details.slice(0, 30)}...` : details);

/** The administrators' table of the catalogue, newest first, searched by name, a page at a time. */
export function ManageToolsPage() {
  const list = useListParams();
  const query = readSearchAndPage(list.params);
  const { q } = query;
  const tools = useCataloguePage(query);
  const remove = useDeleteTool();
  const confirmDelete = useConfirmedAction(async (id) => (await remove.mutateAsync(id)).deletedCount, {
    done: messages.toolDeleted,
    refused: messages.toolSaveFailed,
  });
  const total = tools.data?.total ?? 0;

  return (
    <PagedTable
      meta={{ title: 'Manage Tools', description: 'The catalogue: update or delete tools.' }}
      query={tools}
      loadingLabel="Loading the tools"
      heading={
        total > 0
          ? `Here is the ${total} Tool(s):-`
          : q
            ? `No tools match “${q}”`
            : 'There is no Tools.Add Some Tools'
      }
      search={{ label: 'Search tools by name', value: q }}
      noMatches={{
        message: 'Try another name, or clear the search to see every tool again.',
        clearLabel: 'Clear the search',
      }}
      list={list}
      columns={['No.', 'Image', 'Name', 'price', 'Stock', 'Minimum-Order', 'Details', 'Manage']}
      rows={tools.data?.tools ?? []}
      row={(tool, number) => (
        <tr key={tool._id}>
          <th>{number}</th>
          <td>
            <TableImage src={tool.image} alt={tool.name} />
          </td>
          <td className="min-w-44 font-semibold">{tool.name}</td>
          <td>{formatDollars(tool.price)}</td>
          <td>{tool.availableQuantity}</td>
          <td>{tool.minOrderQuantity}</td>
          <td className="min-w-48">{preview(tool.details)}</td>
          <td>
            <div className="flex gap-2">
              <button
                type="button"
                className="btn btn-error btn-outline btn-xs"
                onClick={() => confirmDelete.ask(tool._id)}
              >
                Delete
              </button>
              <Link to={`/dashboard/updateTool/${tool._id}`} className="btn btn-secondary btn-xs">
                Update
              </Link>
            </div>
          </td>
        </tr>
      )}
    >
      <ConfirmDialog {...confirmDelete.dialog} />
    </PagedTable>
  );
}
