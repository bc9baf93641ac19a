import type { Auth } from '../../modules/auth/auth.ts';
import { findUserByEmail } from '../../modules/users/users.repo.ts';
import type { Db } from '../client.ts';

/** Demo-only credentials, created on the embedded default so that a newcomer can try every screen. */
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
