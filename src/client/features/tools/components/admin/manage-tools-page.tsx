import { Link } from 'react-router';
import { messages } from '#shared/messages.ts';
import { formatDollars } from '#shared/money.ts';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { DataTable, TableImage } from '#client/components/ui/data-table.tsx';
import { ErrorNotice } from '#client/components/ui/error-notice.tsx';
import { LoadingImage } from '#client/components/ui/loading-image.tsx';
import { PageMeta } from '#client/components/ui/page-meta.tsx';
import { useConfirmedAction } from '#client/lib/use-confirmed-action.ts';
import { useTools } from '#client/features/tools/api/get-tools.ts';
import { useDeleteTool } from '#client/features/tools/api/delete-tool.ts';

const preview = (details: string) => (details.length > 30 ? `${details.slice(0, 30)}...` : details);

export function ManageToolsPage() {
  const tools = useTools();
  const remove = useDeleteTool();
  const confirmDelete = useConfirmedAction(async (id) => (await remove.mutateAsync(id)).deletedCount, {
    done: messages.toolDeleted,
    refused: messages.toolSaveFailed,
  });
  if (tools.isPending) return <LoadingImage label="Loading the tools" />;
  if (tools.isError)
    return <ErrorNotice message={tools.error.message} onRetry={() => void tools.refetch()} />;

  const count = tools.data.length;
  return (
    <section>
      <PageMeta title="Manage Tools" description="The catalogue: update or delete tools." />
      <h2 className="mb-4 text-2xl font-bold">
        {count === 0 ? 'There is no Tools.Add Some Tools' : `Here is the ${count} Tool(s):-`}
      </h2>
      {count > 0 && (
        <DataTable columns={['No.', 'Image', 'Name', 'price', 'Stock', 'Minimum-Order', 'Details', 'Manage']}>
          {tools.data.map((tool, index) => (
            <tr key={tool._id}>
              <th>{index + 1}</th>
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
          ))}
        </DataTable>
      )}
      <ConfirmDialog {...confirmDelete.dialog} />
    </section>
  );
}
