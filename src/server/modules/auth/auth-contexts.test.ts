import type { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cookiesOf, createUser, type TestUser } from '#server/testing/accounts.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';
import { betterAuthStorages } from './auth-contexts.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const post = (url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { origin: ctx.config.baseUrl } });

const signIn = (user: TestUser, password = user.password) =>
  post('/api/auth/sign-in/email', { email: user.email, password });

/** Who the session of `cookie` names, read from the database rather than from the cookie's signed copy. */
async function sessionEmail(cookie: string): Promise<string | undefined> {
  const response = await ctx.app.inject({
    url: '/api/auth/get-session?disableCookieCache=true',
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ user?: { email: string } } | null>()?.user?.email;
}

/** Node 20's flag for a storage whose run() has turned async_hooks on (auth-contexts.ts). */
const running = (storage: unknown) => (storage as AsyncLocalStorage<unknown> & { enabled: boolean }).enabled;

it('keeps each Better Auth call its own context while others start and end around it, then turns the storages off', async () => {
  const users = await Promise.all([1, 2, 3].map((n) => createUser(ctx, { name: `Overlap ${n}` })));
  const calls = [1, 2].flatMap((round) =>
    users.flatMap((user) => [
      signIn(user).then(async (response) => {
        expect(response.statusCode).toBe(200);
        expect(await sessionEmail(cookiesOf(response))).toBe(user.email);
      }),
      signIn(user, 'Wrong-password1').then((response) => expect(response.statusCode).toBe(401)),
      sessionEmail(user.headers.cookie).then((email) => expect(email).toBe(user.email)),
      post('/api/auth/sign-up/email', {
        name: `${user.name} again`,
        email: `again-${round}-${user.email}`,
        password: 'Secret123',
      }).then((response) => expect(response.statusCode).toBe(200)),
    ]),
  );
  await Promise.all(calls);

  expect((await betterAuthStorages()).map(running)).toEqual([false, false, false]);
});
