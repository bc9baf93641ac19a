import type { App } from '#server/app.ts';
import type { NewToolRow, ToolRow } from '#server/modules/tools/tools.service.ts';

/** Adds one tool to the catalogue for a test: an M10 hex bolt, with whatever `fields` change. */
export async function addTestTool(app: App, fields: Partial<NewToolRow> = {}): Promise<ToolRow> {
  const [tool] = await app.tools.add([
    {
      name: 'Hex bolt',
      priceCents: 40,
      availableQuantity: 1000,
      minOrderQuantity: 10,
      details: 'M10',
      image: '/images/tools/hex-bolt-m10.svg',
      ...fields,
    },
  ]);
  return tool!;
}
