import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '#server/db/schema.ts';
import type { TestContext } from './test-app.ts';

/** The cookies an answer sets, as the browser sends them back. */
export const cookiesOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
  response.cookies.map(({ name, value }) => `${name}=${value}`).join('; ');

export interface TestUser {
  id: string;
  name: string;
  email: string;
  password: string;
  /** Headers a signed-in browser page of the shop would send. */
  headers: { cookie: string; origin: string };
}

/**
 * Signs a new account up through the real endpoint; `admin` then gives it the admin role, and `verified` (the
 * default) confirms its address, as following the mailed link does, so that it may order.
 */
export async function createUser(
  ctx: TestContext,
  {
    admin = false,
    verified = true,
    name = 'Test User',
    email = `user-${randomBytes(4).toString('hex')}@example.com`,
  }: { admin?: boolean; verified?: boolean; name?: string; email?: string } = {},
): Promise<TestUser> {
  const password = 'Secret123';
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: ctx.config.baseUrl },
    payload: { name, email, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const cookie = cookiesOf(response);
  const id = response.json<{ user: { id: string } }>().user.id;
  if (admin || verified) {
    const changes = { ...(admin && { role: 'admin' }), ...(verified && { emailVerified: true }) };
    await ctx.app.database.db.update(users).set(changes).where(eq(users.id, id));
  }
  return {
    id,
    name,
    email,
    password,
    headers: { cookie, origin: ctx.config.baseUrl },
  };
}

/** Signs the account in again and answers the new session's cookies (its cache as the account is now). */
export async function signInCookie(ctx: TestContext, user: TestUser): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: ctx.config.baseUrl },
    payload: { email: user.email, password: user.password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return cookiesOf(response);
}
