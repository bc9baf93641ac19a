import { verifyPassword } from 'better-auth/crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Auth } from '#server/modules/auth/auth.ts';
import { findUserByEmail } from '#server/modules/users/users.repo.ts';
import type { Db } from '#server/db/client.ts';
import { accounts, users } from '#server/db/schema.ts';

/** Demo-only credentials, created on the local demo so that a newcomer can try every screen. */
export const demoAccounts = [
  { role: 'admin', name: 'Demo Admin', email: 'admin@forgeline.example', password: 'Admin2022' },
  { role: 'user', name: 'Demo Buyer', email: 'buyer@forgeline.example', password: 'Buyer2022' },
] as const;

/** Creates the demo accounts that do not exist yet (verified, with a password); answers the ones created. */
export async function seedDemoAccounts(auth: Auth, db: Db): Promise<Array<(typeof demoAccounts)[number]>> {
  const context = await auth.$context;
  const created = [];
  for (const account of demoAccounts) {
    if (await findUserByEmail(db, account.email)) continue;
    const user = await context.internalAdapter.createUser(
      { name: account.name, email: account.email, emailVerified: true, role: account.role },
      { method: 'admin' },
    );
    await context.internalAdapter.linkAccount({
      userId: user.id,
      providerId: 'credential',
      accountId: user.id,
      password: await context.password.hash(account.password),
    });
    created.push(account);
  }
  return created;
}

/** The demo accounts that can still be signed in to with their published password: ids and e-mails. */
export async function demoAccountsWithPublicPasswords(db: Db): Promise<Array<{ id: string; email: string }>> {
  const rows = await db
    .select({ id: users.id, email: users.email, hash: accounts.password })
    .from(users)
    .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
    .where(
      inArray(
        users.email,
        demoAccounts.map((account) => account.email),
      ),
    );
  const exposed = [];
  for (const row of rows) {
    const password = demoAccounts.find((account) => account.email === row.email)!.password;
    if (row.hash && (await verifyPassword({ hash: row.hash, password }))) {
      exposed.push({ id: row.id, email: row.email });
    }
  }
  return exposed;
}

/** Deletes the demo accounts that still have their published password (with their sessions and orders). */
export async function removeDemoAccounts(db: Db): Promise<string[]> {
  const exposed = await demoAccountsWithPublicPasswords(db);
  if (exposed.length === 0) return [];
  await db.delete(users).where(
    inArray(
      users.id,
      exposed.map((account) => account.id),
    ),
  );
  return exposed.map((account) => account.email);
}
