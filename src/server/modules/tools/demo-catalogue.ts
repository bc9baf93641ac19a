import { demoTools } from './demo-tools.ts';
import type { NewToolRow } from './tools.repo.ts';

/** Marks a database whose demo catalogue was seeded, so that later starts do not seed it again. */
export const DEMO_CATALOGUE_SEEDED = 'demo_catalogue_seeded_at';

export const demoToolNames = demoTools.map((tool) => tool.name);

const MINUTE = 60_000;

/**
 * The demo tools whose names are not among `present`, oldest first and a minute apart, so that "newest first"
 * has a stable, meaningful order.
 */
export function missingDemoTools(present: Set<string>, now = Date.now()): NewToolRow[] {
  const start = now - demoTools.length * MINUTE;
  return demoTools
    .map((tool, index) => ({ ...tool, createdAt: new Date(start + index * MINUTE) }))
    .filter((tool) => !present.has(tool.name))
    .map((tool) => ({ ...tool, updatedAt: tool.createdAt }));
}
