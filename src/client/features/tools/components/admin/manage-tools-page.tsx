import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { messages } from '../../../../../shared/messages.ts';
import { formatDollars } from '../../../../../shared/money.ts';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { ErrorNotice } from '../../../../components/ui/error-notice.tsx';
import { LoadingImage } from '../../../../components/ui/loading-image.tsx';
import { PageMeta } from '../../../../components/ui/page-meta.tsx';
import { useTools } from '../../api/get-tools.ts';
import { useDeleteTool } from '../../api/tool-mutations.ts';

const preview = (details: string) => (details.length > 30 ? `${details.slice(0, 30)}...` : details);

export function ManageToolsPage() {
  const tools = useTools();
  const remove = useDeleteTool();
  const [confirming, setConfirming] = useState<string | null>(null);
  if (tools.isPending) return <LoadingImage label="Loading the tools" />;
  if (tools.isError)
    return <ErrorNotice message={tools.error.message} onRetry={() => void tools.refetch()} />;

  const onDelete = async () => {
    const id = confirming;
    setConfirming(null);
    if (!id) return;
    try {
      const { deletedCount } = await remove.mutateAsync(id);
      if (deletedCount) toast.success(messages.toolDeleted);
      else toast.error(messages.toolSaveFailed);
    } catch (error) {
      toast.error((error as Error).message);
    }
  };

  const count = tools.data.length;
  return (
    <section>
      <PageMeta title="Manage Tools" description="The catalogue: update or delete tools." />
      <h2 className="mb-4 text-2xl font-bold">
        {count === 0 ? 'There is no Tools.Add Some Tools' : `Here is the ${count} Tool(s):-`}
      </h2>
      {count > 0 && (
        <div className="border-base-300 rounded-box bg-base-100 overflow-x-auto border">
          <table className="table-zebra table text-sm">
            <thead>
              <tr>
                <th>No.</th>
                <th>Image</th>
                <th>Name</th>
                <th>price</th>
                <th>Stock</th>
                <th>Minimum-Order</th>
                <th>Details</th>
                <th>Manage</th>
              </tr>
            </thead>
            <tbody>
              {tools.data.map((tool, index) => (
                <tr key={tool._id}>
                  <th>{index + 1}</th>
                  <td>
                    <img
                      src={tool.image}
                      alt={tool.name}
                      className="rounded-field bg-base-200 size-12 object-cover"
                    />
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
                        onClick={() => setConfirming(tool._id)}
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
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title="Are You Sure?"
        onYes={() => void onDelete()}
        onNo={() => setConfirming(null)}
      />
    </section>
  );
}
