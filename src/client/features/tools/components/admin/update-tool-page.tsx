import toast from '#client/lib/toast.ts';
import { useParams } from 'wouter';
import { messages } from '#shared/messages.ts';
import { ErrorNotice } from '#client/components/ui/error-notice.tsx';
import { LoadingImage } from '#client/components/ui/loading-image.tsx';
import { PageMeta } from '#client/components/ui/page-meta.tsx';
import { texts } from '#client/lib/texts.ts';
import { useTool } from '#client/features/tools/api/get-tool.ts';
import { isEditConflict, useUpdateTool } from '#client/features/tools/api/update-tool.ts';
import { ToolCard } from '#client/features/tools/components/tool-card.tsx';
import { ToolForm } from './tool-form.tsx';

export function UpdateToolPage() {
  const { id = '' } = useParams();
  // Loaded once and kept (TanStack Query), not on every render as in the spec's original.
  const tool = useTool(id);
  const update = useUpdateTool(id);
  if (tool.isPending) return <LoadingImage label={texts.loadingTool} />;
  if (tool.isError) return <ErrorNotice message={tool.error.message} />;
  const current = tool.data;

  return (
    <section className="grid items-start gap-6 lg:grid-cols-[320px_1fr]">
      <PageMeta
        title={`Update ${current.name}`}
        description={`Change the price, stock, minimum order, details or photo of ${current.name}.`}
      />
      <ToolCard tool={current} showBuy={false} />
      <div className="card bg-base-100 border-base-300 border shadow-sm">
        <div className="card-body">
          <h2 className="mb-2 text-2xl font-bold">Update the tool</h2>
          {/* Every newer copy of the tool starts the form again, so what it sends says which copy it edited. */}
          <ToolForm
            key={current.updatedAt}
            mode="update"
            currentImage={current.image}
            initial={{
              name: current.name,
              price: current.price,
              availableQuantity: current.availableQuantity,
              minOrderQuantity: current.minOrderQuantity,
              details: current.details,
            }}
            submitLabel="Update"
            onSave={async (changes) => {
              try {
                const { modifiedCount } = await update.mutateAsync({
                  ...changes,
                  version: current.version,
                  loadedAvailableQuantity: current.availableQuantity,
                });
                if (!modifiedCount) throw new Error();
                toast.success(messages.toolUpdated);
                return true;
              } catch (error) {
                toast.error(isEditConflict(error) ? error.message : messages.toolSaveFailed);
                return false;
              }
            }}
          />
        </div>
      </div>
    </section>
  );
}
