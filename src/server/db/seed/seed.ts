import { inArray } from 'drizzle-orm';
import type { Catalogue } from '#server/modules/tools/catalogue.ts';
import { insertTools } from '#server/modules/tools/tools.repo.ts';
import { appMeta, tools } from '#server/db/schema.ts';
import { demoTools } from './demo-tools.ts';

const SEEDED_KEY = 'demo_catalogue_seeded_at';
const MINUTE = 60_000;

export interface SeedResult {
  inserted: number;
}

/**
 * Adds the demo catalogue. On start it runs once per database (a marker row, claimed in the same
 * transaction, keeps a second start or a second process from seeding again); `always` is for
 * `npm run db:seed`, which adds whichever demo tools are missing by name.
 */
export async function seedDemoCatalogue(
  catalogue: Catalogue,
  { always = false }: { always?: boolean } = {},
): Promise<SeedResult> {
  return catalogue.write(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: SEEDED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0 && !always) return { inserted: 0 };

    const present = await tx
      .select({ name: tools.name })
      .from(tools)
      .where(
        inArray(
          tools.name,
          demoTools.map((tool) => tool.name),
        ),
      );
    const presentNames = new Set(present.map((row) => row.name));
    // Oldest first, a minute apart, so that "newest first" has a stable, meaningful order.
    const start = Date.now() - demoTools.length * MINUTE;
    const missing = demoTools
      .map((tool, index) => ({ ...tool, createdAt: new Date(start + index * MINUTE) }))
      .filter((tool) => !presentNames.has(tool.name))
      .map((tool) => ({ ...tool, updatedAt: tool.createdAt }));
    const rows = await insertTools(tx, missing);
    return { inserted: rows.length };
  });
}
