import { randomBytes } from 'node:crypto';
import { claimAppMeta, readAppMeta } from '#server/db/app-meta.ts';
import type { Db } from '#server/db/client.ts';

const KEY = 'auth_secret';

/**
 * Without AUTH_SECRET the embedded default still needs a stable secret: one is generated on first start
 * and kept in the database, so sessions survive restarts and every process of one database agrees.
 */
export async function resolveAuthSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await claimAppMeta(db, KEY, randomBytes(32).toString('base64url'));
  const secret = await readAppMeta(db, KEY);
  if (!secret) throw new Error('Could not store the generated auth secret');
  return secret;
}
