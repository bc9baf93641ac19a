import { verifyPassword } from 'better-auth/crypto';

/** Demo-only credentials, created on the local demo so that a newcomer can try every screen. */
export const demoAccounts = [
  { role: 'admin', name: 'Demo Admin', email: 'admin@forgeline.example', password: 'Admin2022' },
  { role: 'user', name: 'Demo Buyer', email: 'buyer@forgeline.example', password: 'Buyer2022' },
] as const;

export type DemoAccount = (typeof demoAccounts)[number];

export const demoEmails = demoAccounts.map((account) => account.email);

/** Whether this demo account's password hash is still that of its published password. */
export async function hasPublishedPassword(email: string, hash: string | null): Promise<boolean> {
  const account = demoAccounts.find((demo) => demo.email === email);
  return Boolean(account && hash && (await verifyPassword({ hash, password: account.password })));
}
