import { PurchasePanel } from '#client/features/orders/components/purchase-panel.tsx';
import { ToolDetailPage } from '#client/features/tools/components/tool-detail-page.tsx';

/** /parts/{id}: the tool with its quantity and purchase forms (signed in only). */
export function ToolPurchasePage() {
  return <ToolDetailPage purchase={(tool) => <PurchasePanel tool={tool} />} />;
}
