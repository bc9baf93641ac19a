import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '#shared/schemas/users.ts';
import { accounts, sessions, users } from '#server/db/schema.ts';
import {
  AUTHORIZE,
  CLIENTS,
  REROUTED_HOSTS,
  startProviderStandIn,
  type ProviderId,
  type ProviderPerson,
  type ProviderStandIn,
} from '#server/testing/oauth-provider-stand-in.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';

/*
 * Google's and GitHub's sign-in, end to end but offline: a local stand-in plays both providers, and a
 * wrapper around globalThis.fetch sends Better Auth's server-side calls to it.
 */

let ctx: TestContext;
let standIn: ProviderStandIn;
const originalFetch = globalThis.fetch;

beforeAll(async () => {
  ctx = await createTestApp({
    GOOGLE_CLIENT_ID: CLIENTS.google.id,
    GOOGLE_CLIENT_SECRET: CLIENTS.google.secret,
    GITHUB_CLIENT_ID: CLIENTS.github.id,
    GITHUB_CLIENT_SECRET: CLIENTS.github.secret,
    ADMIN_EMAILS: 'chief.google@example.com,chief.github@example.com',
  });
  standIn = await startProviderStandIn(ctx.config.baseUrl);
  globalThis.fetch = (input, init) => {
    const target = new URL(input instanceof Request ? input.url : input);
    if (!REROUTED_HOSTS.has(target.hostname)) return originalFetch(input, init);
    const local = new URL(`${target.pathname}${target.search}`, standIn.url);
    return originalFetch(input instanceof Request ? new Request(local, input) : local, init);
  };
});

afterAll(async () => {
  globalThis.fetch = originalFetch;
  await standIn?.close();
  await ctx?.close();
});

beforeEach(() => {
  standIn.log.length = 0;
});

/** The cookies a browser would keep from these responses, as a Cookie header. */
function cookieHeader(...responses: LightMyRequestResponse[]) {
  const jar = new Map<string, string>();
  for (const response of responses) {
    const setCookie = response.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const pair = line.split(';')[0]!;
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value && !/max-age=0\b/i.test(line)) jar.set(name, value);
      else jar.delete(name);
    }
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

const sessionCookie = (response: LightMyRequestResponse) =>
  response.cookies.find((cookie) => cookie.name === 'forgeline.session_token' && cookie.value !== '');

/** A browser: the cookies it keeps and the address it connects from. */
interface Browser {
  cookie: string;
  remoteAddress: string;
}

// Better Auth's built-in rule allows 3 requests to /sign-in/* per 10 s from one address (AUTH_RATE_LIMIT
// does not cover /sign-in/social), so each sign-in here comes from a browser of its own.
let browsers = 0;
const newAddress = () => `198.51.100.${++browsers}`;

/** The shop's "Continue with …" button, in a fresh browser. */
async function startSignIn(provider: ProviderId) {
  const remoteAddress = newAddress();
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    remoteAddress,
    headers: { origin: ctx.config.baseUrl },
    payload: { provider, callbackURL: '/dashboard' },
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ url: string; redirect: boolean }>();
  expect(body.redirect).toBe(true);
  const authorizationUrl = new URL(body.url);
  expect(`${authorizationUrl.origin}${authorizationUrl.pathname}`).toBe(AUTHORIZE[provider]);
  expect(authorizationUrl.searchParams.get('client_id')).toBe(CLIENTS[provider].id);
  expect(authorizationUrl.searchParams.get('redirect_uri')).toBe(
    `${ctx.config.baseUrl}/api/auth/callback/${provider}`,
  );
  expect(authorizationUrl.searchParams.get('state')).toBeTruthy();
  return {
    authorizationUrl,
    state: authorizationUrl.searchParams.get('state')!,
    browser: { cookie: cookieHeader(response), remoteAddress } satisfies Browser,
  };
}

/** The user approves at the provider, which redirects the browser back with a code and the state. */
async function approveAtProvider(authorizationUrl: URL) {
  const atStandIn = new URL(`${authorizationUrl.pathname}${authorizationUrl.search}`, standIn.url);
  const response = await originalFetch(atStandIn, { redirect: 'manual' });
  expect(response.status, await response.clone().text()).toBe(302);
  const back = new URL(response.headers.get('location')!);
  return { callbackUrl: back, code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

function callback(
  provider: ProviderId,
  query: { code: string; state: string },
  { cookie, remoteAddress }: Browser,
) {
  return ctx.app.inject({
    method: 'GET',
    remoteAddress,
    url: `/api/auth/callback/${provider}?${new URLSearchParams(query).toString()}`,
    headers: cookie ? { cookie } : {},
  });
}

/** The whole sign-in as a browser goes through it; answers the callback's response. */
async function signInThrough(provider: ProviderId, person: ProviderPerson) {
  standIn.signIn(provider, person);
  const started = await startSignIn(provider);
  const approved = await approveAtProvider(started.authorizationUrl);
  expect(`${approved.callbackUrl.origin}${approved.callbackUrl.pathname}`).toBe(
    `${ctx.config.baseUrl}/api/auth/callback/${provider}`,
  );
  expect(approved.state).toBe(started.state);
  return callback(provider, { code: approved.code, state: approved.state }, started.browser);
}

/** The callback sent the browser back with "account not linked": no session, nothing added. */
async function expectNotLinked(response: LightMyRequestResponse, before: Awaited<ReturnType<typeof counts>>) {
  expect(response.statusCode).toBe(302);
  expect(response.headers.location).toMatch(/[?&]error=account_not_linked/);
  expect(sessionCookie(response)).toBeUndefined();
  expect(await counts()).toEqual(before);
}

/** An account signed up with e-mail and password, its address not verified. */
async function signUpWithPassword(name: string, email: string, password: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: ctx.config.baseUrl },
    payload: { name, email, password },
  });
  expect(response.statusCode).toBe(200);
}

function profile(email: string, cookie: string) {
  return ctx.app.inject({ method: 'GET', url: `/api/user/${email}`, headers: { cookie } });
}

async function userRow(email: string) {
  const [row] = await ctx.app.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

async function counts() {
  const { db } = ctx.app.database;
  const [[u], [s], [a]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(sessions),
    db.select({ n: count() }).from(accounts),
  ]);
  return { users: u!.n, sessions: s!.n, accounts: a!.n };
}

const PEOPLE: Record<ProviderId, ProviderPerson> = {
  google: {
    id: '104857600000000000001',
    name: 'Ada Lovelace',
    email: 'ada.lovelace@example.com',
    avatar: 'https://lh3.googleusercontent.com/a/ada-1',
  },
  github: {
    id: '5831204',
    name: 'Grace Hopper',
    email: 'grace.hopper@example.com',
    avatar: 'https://avatars.githubusercontent.com/u/5831204?v=4',
  },
};

describe.each(['google', 'github'] as const)('%s sign-in', (provider) => {
  const person = PEOPLE[provider];

  it('registers the user and signs them in through the provider', async () => {
    const before = await counts();
    const response = await signInThrough(provider, person);

    expect(response.statusCode, response.body).toBe(302);
    expect(new URL(response.headers.location!, ctx.config.baseUrl).href).toBe(
      `${ctx.config.baseUrl}/dashboard`,
    );
    expect(sessionCookie(response)).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // Better Auth asked the (stand-in) provider, not the real one.
    expect(standIn.log).toEqual(
      provider === 'google'
        ? ['GET /o/oauth2/v2/auth', 'POST /token']
        : ['GET /login/oauth/authorize', 'POST /login/oauth/access_token', 'GET /user', 'GET /user/emails'],
    );

    const me = await profile(person.email, cookieHeader(response));
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json<User>()).toMatchObject({
      name: person.name,
      email: person.email,
      img: person.avatar,
      role: 'user',
      emailVerified: true,
    });
    expect(await counts()).toEqual({
      users: before.users + 1,
      sessions: before.sessions + 1,
      accounts: before.accounts + 1,
    });
  });

  it('updates name and image when the profile at the provider changed', async () => {
    const changed = { ...person, name: `${person.name} (renamed)`, avatar: `${person.avatar}&changed=1` };
    const before = await counts();
    const response = await signInThrough(provider, changed);

    expect(response.statusCode, response.body).toBe(302);
    expect(sessionCookie(response)).toBeDefined();
    const me = await profile(person.email, cookieHeader(response));
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json<User>()).toMatchObject({ name: changed.name, email: person.email, img: changed.avatar });
    expect(await userRow(person.email)).toMatchObject({ name: changed.name, image: changed.avatar });
    // The same user and account, one more session.
    expect(await counts()).toEqual({ ...before, sessions: before.sessions + 1 });
  });

  it('starts no session for an account an administrator blocked, until it is unblocked', async () => {
    await ctx.app.users.setBlocked(person.email, true);
    const before = await counts();
    const response = await signInThrough(provider, person);

    expect(response.statusCode, response.body).toBe(302);
    expect(response.headers.location).toMatch(/[?&]error=ACCOUNT_BLOCKED&/);
    expect(sessionCookie(response)).toBeUndefined();
    expect(await counts()).toEqual(before);

    await ctx.app.users.setBlocked(person.email, false);
    expect(sessionCookie(await signInThrough(provider, person))).toBeDefined();
  });

  it('joins an existing account only when the provider has verified the e-mail address', async () => {
    const email = `owner.${provider}@example.com`;
    await signUpWithPassword('Olga Owner', email, 'Secret123');
    await ctx.app.database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const owner = {
      id: provider === 'google' ? '104857600000000000501' : '501',
      name: 'Olga Owner',
      email,
      avatar: 'https://example.com/o.png',
    };

    const before = await counts();
    await expectNotLinked(await signInThrough(provider, { ...owner, verified: false }), before);

    const verified = await signInThrough(provider, owner);
    expect(verified.statusCode).toBe(302);
    expect(sessionCookie(verified)).toBeDefined();
    expect(await counts()).toEqual({
      ...before,
      sessions: before.sessions + 1,
      accounts: before.accounts + 1,
    });
  });

  it('does not join an account whose address nobody verified here, since anyone may have chosen its password', async () => {
    const email = `squatted.${provider}@example.com`;
    await signUpWithPassword('Sam Squatter', email, 'Squatter123');
    const owner = {
      id: provider === 'google' ? '104857600000000000503' : '503',
      name: 'Olive Owner',
      email,
      avatar: 'https://example.com/owner.png',
    };
    const before = await counts();
    await expectNotLinked(await signInThrough(provider, owner), before);
    expect(await userRow(email)).toMatchObject({ name: 'Sam Squatter', emailVerified: false });
  });

  it('makes an address in ADMIN_EMAILS an administrator only when the provider has verified it', async () => {
    const chief = {
      id: provider === 'google' ? '104857600000000000502' : '502',
      name: 'Chief',
      email: `chief.${provider}@example.com`,
      avatar: 'https://example.com/c.png',
    };
    expect((await signInThrough(provider, { ...chief, verified: false })).statusCode).toBe(302);
    expect(await userRow(chief.email)).toMatchObject({ role: 'user', emailVerified: false });
    // Once the provider has verified it, the next sign-in says so.
    expect((await signInThrough(provider, chief)).statusCode).toBe(302);
    expect(await userRow(chief.email)).toMatchObject({ role: 'admin', emailVerified: true });
  });

  describe('refuses a callback', () => {
    const stranger: ProviderPerson = {
      id: provider === 'google' ? '104857600000000000999' : '999999',
      name: 'Mallory Stranger',
      email: `mallory.${provider}@example.com`,
      avatar: 'https://example.com/mallory.png',
    };

    async function expectRefused(
      response: LightMyRequestResponse,
      before: Awaited<ReturnType<typeof counts>>,
    ) {
      expect(response.statusCode, response.body).toBe(302);
      expect(response.headers.location).toMatch(/[?&]error=/);
      expect(new URL(response.headers.location!, ctx.config.baseUrl).pathname).not.toBe('/dashboard');
      expect(sessionCookie(response)).toBeUndefined();
      expect(await counts()).toEqual(before);
      expect(await userRow(stranger.email)).toBeUndefined();
    }

    it('with a state it did not issue', async () => {
      standIn.signIn(provider, stranger);
      const started = await startSignIn(provider);
      const { code } = await approveAtProvider(started.authorizationUrl);
      const before = await counts();

      const response = await callback(provider, { code, state: 'not-the-state-we-issued' }, started.browser);
      await expectRefused(response, before);
      expect(response.headers.location).toContain('error=state_mismatch');
      // The code never reached the provider's token endpoint.
      expect(standIn.log.some((line) => line.startsWith('POST '))).toBe(false);
    });

    it('with the right state but from a browser without the state cookie', async () => {
      standIn.signIn(provider, stranger);
      const started = await startSignIn(provider);
      const { code, state } = await approveAtProvider(started.authorizationUrl);
      const before = await counts();

      const response = await callback(provider, { code, state }, { ...started.browser, cookie: '' });
      await expectRefused(response, before);
      expect(standIn.log.some((line) => line.startsWith('POST '))).toBe(false);
    });

    it('with a code the provider refuses', async () => {
      standIn.signIn(provider, stranger);
      const started = await startSignIn(provider);
      await approveAtProvider(started.authorizationUrl);
      const before = await counts();

      const response = await callback(
        provider,
        { code: 'forged-code', state: started.state },
        started.browser,
      );
      await expectRefused(response, before);
      expect(response.headers.location).toContain('error=invalid_code');
      expect(standIn.log).toContain(provider === 'google' ? 'POST /token' : 'POST /login/oauth/access_token');
    });

    it('replaying a code that was already redeemed', async () => {
      standIn.signIn(provider, stranger);
      const first = await startSignIn(provider);
      const { code } = await approveAtProvider(first.authorizationUrl);
      const used = await callback(provider, { code, state: first.state }, first.browser);
      expect(used.statusCode).toBe(302);
      expect(sessionCookie(used)).toBeDefined();

      const second = await startSignIn(provider);
      const before = await counts();
      const response = await callback(provider, { code, state: second.state }, second.browser);
      expect(response.statusCode, response.body).toBe(302);
      expect(response.headers.location).toContain('error=invalid_code');
      expect(sessionCookie(response)).toBeUndefined();
      expect(await counts()).toEqual(before);
    });
  });
});
