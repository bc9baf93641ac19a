import toast from '#client/lib/toast.ts';
import { messages, toolAdded } from '#shared/messages.ts';
import type { ToolInput } from '#shared/schemas/tools.ts';
import { PageMeta } from '#client/components/ui/page-meta.tsx';
import { useAddTool } from '#client/features/tools/api/add-tool.ts';
import { ToolForm } from './tool-form.tsx';

export function AddToolPage() {
  const add = useAddTool();
  return (
    <section className="card bg-base-100 border-base-300 max-w-2xl border shadow-sm">
      <PageMeta
        title="Add Products"
        description="Add a tool to the catalogue with its price, stock, minimum order, details and photo."
      />
      <div className="card-body">
        <h2 className="mb-2 text-2xl font-bold">Add a tool</h2>
        <ToolForm
          mode="add"
          submitLabel="Add"
          onSave={async (tool) => {
            try {
              const { insertedId } = await add.mutateAsync(tool as ToolInput);
              if (!insertedId) throw new Error();
              toast.success(toolAdded(tool.name ?? ''));
              return true;
            } catch {
              toast.error(messages.toolSaveFailed);
              return false;
            }
          }}
        />
      </div>
    </section>
  );
}
