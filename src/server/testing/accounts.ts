import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '#server/db/schema.ts';
import type { TestContext } from './test-app.ts';

export interface TestUser {
  id: string;
  name: string;
  email: string;
  password: string;
  /** Headers a signed-in browser page of the shop would send. */
  headers: { cookie: string; origin: string };
}

/** Signs a new account up through the real endpoint; `admin` then gives it the admin role. */
export async function createUser(
  ctx: TestContext,
  {
    admin = false,
    name = 'Test User',
    email = `user-${randomBytes(4).toString('hex')}@example.com`,
  }: { admin?: boolean; name?: string; email?: string } = {},
): Promise<TestUser> {
  const password = 'Secret123';
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: ctx.config.baseUrl },
    payload: { name, email, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.map(({ name: key, value }) => `${key}=${value}`).join('; ');
  const id = response.json<{ user: { id: string } }>().user.id;
  if (admin) await ctx.app.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, id));
  return {
    id,
    name,
    email,
    password,
    headers: { cookie, origin: ctx.config.baseUrl },
  };
}
