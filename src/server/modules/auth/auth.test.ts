import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { rateLimits, sessions, users } from '#server/db/schema.ts';
import { cookiesOf } from '#server/testing/accounts.ts';
import { firstLink, readOutbox } from '#server/testing/outbox.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ ADMIN_EMAILS: 'Boss@Example.com,chief@example.com,owner@example.com' });
});
afterAll(() => ctx.close());

function post(url: string, payload: object, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { origin: ctx.config.baseUrl, ...headers },
  });
}

async function findUser(email: string) {
  const [row] = await ctx.app.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

/** The newest mail to this address, once it has been written. */
async function mailTo(email: string, subject: string) {
  let found: Awaited<ReturnType<typeof readOutbox>>[number] | undefined;
  await expect
    .poll(async () => {
      found = (await readOutbox(ctx.config.mailOutboxDir).catch(() => [])).findLast(
        (mail) => mail.to === email && mail.subject === subject,
      );
      return found;
    })
    .toBeDefined();
  return found!;
}

/** Signs up and insists that it works; answers the response, with the new session's cookies. */
async function signedUp(name: string, email: string, password: string) {
  const response = await post('/api/auth/sign-up/email', { name, email, password });
  expect(response.statusCode).toBe(200);
  return response;
}

/** Follows the confirmation link mailed to `email`, from a browser with `cookie` (none: another browser). */
async function confirm(email: string, cookie?: string) {
  const link = firstLink((await mailTo(email, 'Confirm your e-mail address')).text)!;
  const token = new URL(link).searchParams.get('token')!;
  return ctx.app.inject({
    url: `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
    ...(cookie && { headers: { cookie } }),
  });
}

describe('sign-up', () => {
  it('creates the account, signs in with an HttpOnly SameSite=Lax cookie and mails a verification link', async () => {
    const response = await post('/api/auth/sign-up/email', {
      name: 'JaneDoe',
      email: 'jane@example.com',
      password: 'Secret123',
    });
    expect(response.statusCode).toBe(200);
    const session = response.cookies.find((cookie) => cookie.name === 'forgeline.session_token');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session?.secure).toBeFalsy();
    expect(await findUser('jane@example.com')).toMatchObject({
      name: 'JaneDoe',
      role: 'user',
      emailVerified: false,
    });

    const mail = await mailTo('jane@example.com', 'Confirm your e-mail address');
    const link = firstLink(mail.text)!;
    expect(link).toMatch(new RegExp(`^${ctx.config.baseUrl}/verify-email\\?token=`));

    const token = new URL(link).searchParams.get('token')!;
    const verified = await ctx.app.inject({
      url: `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
    });
    expect(verified.statusCode).toBe(200);
    expect((await findUser('jane@example.com'))?.emailVerified).toBe(true);
  });

  it('refuses a made-up verification token', async () => {
    const response = await ctx.app.inject({ url: '/api/auth/verify-email?token=not-a-token' });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.json()).toMatchObject({ statusCode: response.statusCode, message: expect.any(String) });
  });

  it.each([
    ['too short', 'abc123', messages.passwordRule],
    ['without a digit', 'abcdefgh', messages.passwordRule],
    ['without a letter', '12345678', messages.passwordRule],
    ['with a symbol', 'abc12345!', messages.passwordRule],
    ['empty', '', messages.passwordRequired],
  ])('refuses a password %s with the spec message, creating nothing', async (_, password, message) => {
    const response = await post('/api/auth/sign-up/email', {
      name: 'Rule Test',
      email: 'rules@example.com',
      password,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, message });
    expect(await findUser('rules@example.com')).toBeUndefined();
  });

  it('refuses an invalid e-mail with the spec message', async () => {
    const response = await post('/api/auth/sign-up/email', {
      name: 'X',
      email: 'not-an-email',
      password: 'Secret123',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: messages.emailInvalid });
  });

  it('refuses an address already in use', async () => {
    const response = await post('/api/auth/sign-up/email', {
      name: 'Jane Again',
      email: 'jane@example.com',
      password: 'Other1234',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: expect.stringMatching(/^USER_ALREADY_EXISTS/) });
    expect((await findUser('jane@example.com'))?.name).toBe('JaneDoe');
  });

  it('gives an account in ADMIN_EMAILS the admin role once its address is verified, whatever the case', async () => {
    await post('/api/auth/sign-up/email', {
      name: 'The Boss',
      email: 'boss@example.com',
      password: 'Secret123',
    });
    expect(await findUser('boss@example.com')).toMatchObject({ role: 'user', emailVerified: false });

    expect((await confirm('boss@example.com')).statusCode).toBe(200);
    expect(await findUser('boss@example.com')).toMatchObject({ role: 'admin', emailVerified: true });
  });

  it('gives whoever registered a listed address before its owner nothing: not the session, not the password', async () => {
    const email = 'chief@example.com';
    const squatterCookie = cookiesOf(await signedUp('Squatter', email, 'Attacker1'));

    // The owner of the mailbox opens the confirmation link the squatter's sign-up sent.
    expect((await confirm(email)).statusCode).toBe(200);
    expect(await findUser(email)).toMatchObject({ role: 'admin', emailVerified: true });

    // Neither the administrators' screens nor their reach over other accounts, though the cookie is signed.
    for (const url of [
      '/api/user',
      '/api/user/boss@example.com',
      `/api/singleOrder?email=boss@example.com`,
    ]) {
      const asSquatter = await ctx.app.inject({ url, headers: { cookie: squatterCookie } });
      expect(asSquatter.statusCode).toBe(401);
    }
    const signIn = await post('/api/auth/sign-in/email', { email, password: 'Attacker1' });
    expect(signIn.statusCode).toBe(401);

    // The owner chooses the password through the reset link mailed to the address.
    const reset = firstLink((await mailTo(email, 'Reset your password')).text)!;
    const resetToken = new URL(reset).searchParams.get('token')!;
    const chosen = await post('/api/auth/reset-password', { token: resetToken, newPassword: 'Owner2026x' });
    expect(chosen.statusCode).toBe(200);
    const owner = await post('/api/auth/sign-in/email', { email, password: 'Owner2026x' });
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toMatchObject({ user: { email, role: 'admin' } });
  });

  it('signs out the browser that registered a listed address even when it opens the link: a shared computer may hold it', async () => {
    const email = 'owner@example.com';
    const signUp = await signedUp('Owen Owner', email, 'Owner2026x');
    const verified = await confirm(email, cookiesOf(signUp));
    expect(verified.statusCode).toBe(200);
    expect(await findUser(email)).toMatchObject({ role: 'admin', emailVerified: true });

    // The browser's cookies, as the confirmation renewed them.
    const jar = new Map([...signUp.cookies, ...verified.cookies].map(({ name, value }) => [name, value]));
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    expect((await ctx.app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
    expect((await post('/api/auth/sign-in/email', { email, password: 'Owner2026x' })).statusCode).toBe(401);
    expect(firstLink((await mailTo(email, 'Reset your password')).text)).toBeDefined();
  });

  it('ignores a role sent by the client', async () => {
    const response = await post('/api/auth/sign-up/email', {
      name: 'Sneaky',
      email: 'sneaky@example.com',
      password: 'Secret123',
      role: 'admin',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(200);
    expect((await findUser('sneaky@example.com'))?.role ?? 'user').toBe('user');
  });
});

describe('sign-in', () => {
  it('signs in with the right password and refuses a wrong one', async () => {
    const ok = await post('/api/auth/sign-in/email', { email: 'jane@example.com', password: 'Secret123' });
    expect(ok.statusCode).toBe(200);
    expect(ok.cookies.find((cookie) => cookie.name === 'forgeline.session_token')).toBeDefined();
    const wrong = await post('/api/auth/sign-in/email', { email: 'jane@example.com', password: 'Wrong1234' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      statusCode: 401,
      error: 'Unauthorized',
      message: expect.any(String),
    });
  });

  it('refuses a request with the cookie from another site', async () => {
    const response = await post(
      '/api/auth/sign-in/email',
      { email: 'jane@example.com', password: 'Secret123' },
      { origin: 'https://evil.example', cookie: 'forgeline.session_token=x' },
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('password reset', () => {
  it('mails a link whose token sets a new password once', async () => {
    const request = await post('/api/auth/request-password-reset', {
      email: 'jane@example.com',
      redirectTo: '/reset-password',
    });
    expect(request.statusCode).toBe(200);
    const link = firstLink((await mailTo('jane@example.com', 'Reset your password')).text)!;
    expect(link).toMatch(new RegExp(`^${ctx.config.baseUrl}/reset-password\\?token=`));
    const token = new URL(link).searchParams.get('token')!;

    const weak = await post('/api/auth/reset-password', { token, newPassword: 'weak' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ message: messages.passwordRule });

    expect((await post('/api/auth/reset-password', { token, newPassword: 'Brandnew99' })).statusCode).toBe(
      200,
    );
    expect(
      (await post('/api/auth/sign-in/email', { email: 'jane@example.com', password: 'Brandnew99' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await post('/api/auth/sign-in/email', { email: 'jane@example.com', password: 'Secret123' }))
        .statusCode,
    ).toBe(401);

    const reused = await post('/api/auth/reset-password', { token, newPassword: 'Another999' });
    expect(reused.statusCode).toBe(400);
  });

  it('voids the older links of an account once one of them has set its password', async () => {
    const email = 'twice@example.com';
    await signedIn(email);
    for (let request = 0; request < 2; request++) {
      const response = await post('/api/auth/request-password-reset', {
        email,
        redirectTo: '/reset-password',
      });
      expect(response.statusCode).toBe(200);
    }
    const [older, newer] = (await resetTokensMailedTo(email, 2)) as [string, string];
    expect(
      (await post('/api/auth/reset-password', { token: newer, newPassword: 'Newest123' })).statusCode,
    ).toBe(200);
    const stale = await post('/api/auth/reset-password', { token: older, newPassword: 'Hijack123' });
    expect(stale.statusCode).toBe(400);
    expect((await post('/api/auth/sign-in/email', { email, password: 'Newest123' })).statusCode).toBe(200);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const response = await post('/api/auth/request-password-reset', {
      email: 'nobody@example.com',
      redirectTo: '/reset-password',
    });
    expect(response.statusCode).toBe(200);
    const outbox = await readOutbox(ctx.config.mailOutboxDir);
    expect(outbox.some((mail) => mail.to === 'nobody@example.com')).toBe(false);
  });
});

describe('Google and GitHub when not configured', () => {
  it.each([
    ['google', 'Google sign-in is not configured on this server.'],
    ['github', 'GitHub sign-in is not configured on this server.'],
  ])('%s answers a clear error', async (provider, message) => {
    const response = await post('/api/auth/sign-in/social', { provider, callbackURL: '/' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, message });
  });
});

describe('rate limit', () => {
  it('refuses the sixth sign-in attempt within a minute from one client', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: '5' });
    try {
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: { origin: limited.config.baseUrl },
          payload: { email: 'who@example.com', password: 'Wrong1234' },
        });
      for (let i = 0; i < 5; i++) expect((await attempt()).statusCode).toBe(401);
      const refused = await attempt();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('on https', () => {
  it('marks the session cookie Secure', async () => {
    const secure = await createTestApp({ BASE_URL: 'https://shop.example' });
    try {
      const response = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: 'https://shop.example' },
        payload: { name: 'Sec', email: 'sec@example.com', password: 'Secret123' },
      });
      expect(response.statusCode).toBe(200);
      const session = response.cookies.find((cookie) => cookie.name.endsWith('forgeline.session_token'));
      expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    } finally {
      await secure.close();
    }
  });
});

/** A fresh account signed in with its cookie, as the browser holds it. */

/** The tokens of the reset links mailed to this address, oldest first, once `count` have been written. */
async function resetTokensMailedTo(email: string, count: number): Promise<string[]> {
  let tokens: string[] = [];
  await expect
    .poll(async () => {
      const mails = (await readOutbox(ctx.config.mailOutboxDir).catch(() => [])).filter(
        (mail) => mail.to === email && mail.subject === 'Reset your password',
      );
      tokens = mails.map((mail) => new URL(firstLink(mail.text)!).searchParams.get('token')!);
      return tokens.length;
    })
    .toBe(count);
  return tokens;
}

async function signedIn(email: string, password = 'Secret123') {
  const response = await post('/api/auth/sign-up/email', { name: 'Tess Token', email, password });
  expect(response.statusCode).toBe(200);
  const cookie = response.cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
  return { response, headers: { cookie, origin: ctx.config.baseUrl } };
}

describe('the session token', () => {
  it('never appears in a response body or header, only in the HttpOnly cookie', async () => {
    const { response: signUp, headers } = await signedIn('tess@example.com');
    const signIn = await post('/api/auth/sign-in/email', {
      email: 'tess@example.com',
      password: 'Secret123',
    });
    const session = await ctx.app.inject({ url: '/api/auth/get-session', headers });
    const list = await ctx.app.inject({ url: '/api/auth/list-sessions', headers });
    const tokens = (await ctx.app.database.db.select().from(sessions)).map((row) => row.token);

    for (const response of [signUp, signIn, session, list]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['set-auth-token']).toBeUndefined();
      const otherHeaders = Object.entries(response.headers).filter(([name]) => name !== 'set-cookie');
      for (const token of tokens) {
        expect(response.body).not.toContain(token);
        expect(JSON.stringify(otherHeaders)).not.toContain(token);
      }
    }
    expect(session.json()).toMatchObject({
      user: { email: 'tess@example.com' },
      session: { userId: expect.any(String) },
    });
    expect(list.json<unknown[]>().length).toBeGreaterThanOrEqual(2);
  });
});

describe('a session cookie cache that was tampered with', () => {
  it.each([
    ['not base64', '!!!'],
    ['base64 of no JSON', 'bm90IGpzb24'],
  ])('is ignored when it is %s: the session is read from the database', async (_what, value) => {
    const email = `cache-${value.length}@example.com`;
    const { headers } = await signedIn(email);
    const cookie = `${headers.cookie.replace(/;?\s*forgeline\.session_data=[^;]*/, '')}; forgeline.session_data=${value}`;
    const profile = await ctx.app.inject({ url: `/api/user/${email}`, headers: { ...headers, cookie } });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ email });
    const session = await ctx.app.inject({ url: '/api/auth/get-session', headers: { ...headers, cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ user: { email } });
  });
});

describe("Better Auth's own account endpoints keep the profile rules", () => {
  it.each([
    [{ name: null }, 'Name is required'],
    [{ name: { first: 'Tess' } }, 'Name is required'],
    [{ name: 'x'.repeat(101) }, 'Name is too long'],
    [{ name: 'Tess\r\nYour account is locked: call us' }, 'The name must fit on one line'],
    [{ image: 'https://tracker.example/pixel.gif' }, 'The image must be an upload of ours'],
    [{ image: { url: '/uploads/a.webp' } }, 'The image must be an upload of ours'],
  ])('update-user refuses %j with 400 and changes nothing', async (payload, message) => {
    const email = `upd-${Math.random().toString(36).slice(2)}@example.com`;
    const { headers } = await signedIn(email);
    const before = await findUser(email);
    const response = await post('/api/auth/update-user', payload, headers);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, message });
    expect(await findUser(email)).toEqual(before);
  });

  it('update-user takes a name and an upload of ours', async () => {
    const { headers } = await signedIn('upd-ok@example.com');
    const response = await post(
      '/api/auth/update-user',
      { name: 'Tess Renamed', image: '/uploads/abcDEF123_-.webp' },
      headers,
    );
    expect(response.statusCode).toBe(200);
    expect(await findUser('upd-ok@example.com')).toMatchObject({
      name: 'Tess Renamed',
      image: '/uploads/abcDEF123_-.webp',
    });
  });

  it('sign-up and update-user keep the name as the rule leaves it, trimmed', async () => {
    const email = 'trim@example.com';
    const signUp = await post('/api/auth/sign-up/email', {
      name: `  Tess Trim${' '.repeat(200)}`,
      email,
      password: 'Secret123',
    });
    expect(signUp.statusCode).toBe(200);
    expect(await findUser(email)).toMatchObject({ name: 'Tess Trim' });
    const cookie = signUp.cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
    const update = await post('/api/auth/update-user', { name: '\tTess Again  ' }, { cookie });
    expect(update.statusCode).toBe(200);
    expect(await findUser(email)).toMatchObject({ name: 'Tess Again' });
  });

  it('sign-up refuses a name of several lines, creating nothing', async () => {
    const response = await post('/api/auth/sign-up/email', {
      name: 'Bob\r\n\r\nIMPORTANT: your account was locked',
      email: 'lines@example.com',
      password: 'Secret123',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'The name must fit on one line' });
    expect(await findUser('lines@example.com')).toBeUndefined();
  });

  it('sign-up refuses a picture from elsewhere, creating nothing', async () => {
    const response = await post('/api/auth/sign-up/email', {
      name: 'Pixel Tracker',
      email: 'pixel@example.com',
      password: 'Secret123',
      image: 'https://tracker.example/pixel.gif',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'The image must be an upload of ours' });
    expect(await findUser('pixel@example.com')).toBeUndefined();
  });

  it.each([
    ['too short', 'abc123'],
    ['without a digit', 'abcdefghij'],
    ['with a symbol', 'abc12345!'],
  ])('change-password refuses a new password %s with the spec message', async (_, newPassword) => {
    const email = `chg-${Math.random().toString(36).slice(2)}@example.com`;
    const { headers } = await signedIn(email);
    const response = await post(
      '/api/auth/change-password',
      { currentPassword: 'Secret123', newPassword },
      headers,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: messages.passwordRule });
    expect((await post('/api/auth/sign-in/email', { email, password: 'Secret123' })).statusCode).toBe(200);
  });

  it('change-password takes a password that keeps the rule, ends the other sessions and voids reset links', async () => {
    const email = 'chg-ok@example.com';
    const { headers } = await signedIn(email);
    const elsewhere = await post('/api/auth/sign-in/email', { email, password: 'Secret123' });
    const elsewhereHeaders = { ...headers, cookie: cookiesOf(elsewhere) };
    expect((await ctx.app.inject({ url: `/api/user/${email}`, headers: elsewhereHeaders })).statusCode).toBe(
      200,
    );
    await post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    const [link] = (await resetTokensMailedTo(email, 1)) as [string];

    // The client does not ask to end the other sessions: they end all the same.
    const response = await post(
      '/api/auth/change-password',
      { currentPassword: 'Secret123', newPassword: 'Changed123' },
      headers,
    );
    expect(response.statusCode).toBe(200);
    expect((await post('/api/auth/sign-in/email', { email, password: 'Changed123' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: `/api/user/${email}`, headers: elsewhereHeaders })).statusCode).toBe(
      401,
    );
    const changer = { ...headers, cookie: cookiesOf(response) };
    expect((await ctx.app.inject({ url: `/api/user/${email}`, headers: changer })).statusCode).toBe(200);
    expect(
      (await post('/api/auth/reset-password', { token: link, newPassword: 'Hijack123' })).statusCode,
    ).toBe(400);
  });
});

describe('ADMIN_EMAILS at start', () => {
  it('promotes the verified listed accounts and takes the role from unverified ones', async () => {
    const listed = await createTestApp({ ADMIN_EMAILS: 'owner@example.com, squatter@example.com' });
    try {
      const { db } = listed.app.database;
      const now = new Date();
      await db.insert(users).values([
        { id: 'owner', name: 'Owner', email: 'owner@example.com', emailVerified: true, role: 'user' },
        {
          id: 'squatter',
          name: 'Squatter',
          email: 'squatter@example.com',
          emailVerified: false,
          role: 'admin',
        },
        {
          id: 'other',
          name: 'Other',
          email: 'other@example.com',
          emailVerified: false,
          role: 'admin',
          createdAt: now,
        },
      ]);
      const restarted = await listed.startAnotherApp();
      const roles = Object.fromEntries(
        (await restarted.database.db.select().from(users)).map((row) => [row.email, row.role]),
      );
      expect(roles).toEqual({
        'owner@example.com': 'admin',
        'squatter@example.com': 'user',
        // Not listed: an administrator promoted by another stays one.
        'other@example.com': 'admin',
      });
    } finally {
      await listed.close();
    }
  });
});

describe('paths under /api/auth', () => {
  /** Better Auth's rate-limit counters (one row per client and path), as keys. */
  async function counterKeys() {
    return (await ctx.app.database.db.select({ key: rateLimits.key }).from(rateLimits))
      .map(({ key }) => key)
      .sort();
  }
  const randomSegment = (length: number) => randomBytes(length).toString('base64url').slice(0, length);

  it('answer 404 and write nothing when Better Auth has no such endpoint, however many or long', async () => {
    const before = await counterKeys();
    const paths = ['nothing-here', 'sign-in', 'sign-in/email/more', randomSegment(40), randomSegment(3000)];
    for (const path of paths) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await ctx.app.inject({
          method,
          url: `/api/auth/${path}`,
          headers: { origin: ctx.config.baseUrl },
          ...(method === 'POST' && { payload: {} }),
        });
        expect(response.statusCode, `${method} ${path.slice(0, 40)}`).toBe(404);
      }
    }
    expect(await counterKeys()).toEqual(before);
  });

  it('count an endpoint spelled with a trailing slash or an escaped letter as the endpoint itself', async () => {
    const before = await counterKeys();
    for (const url of ['/api/auth/ok', '/api/auth/ok/', '/api/auth/%6Fk']) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.json()).toEqual({ ok: true });
    }
    const added = (await counterKeys()).filter((key) => !before.includes(key));
    expect(added).toEqual([expect.stringMatching(/\|\/ok$/)]);
  });

  it('give no counter of its own to each token or provider named in a link', async () => {
    const before = await counterKeys();
    for (let i = 0; i < 3; i++) {
      for (const path of [`reset-password/${randomSegment(24)}`, `callback/${randomSegment(12)}`]) {
        const response = await ctx.app.inject({ url: `/api/auth/${path}?callbackURL=%2Freset-password` });
        expect(response.statusCode, path).toBeGreaterThanOrEqual(300);
        expect(response.statusCode, path).toBeLessThan(500);
      }
    }
    expect(await counterKeys()).toEqual(before);
  });
});

describe('mails that anyone can have sent to an address', () => {
  it('go to one address five times an hour at most, confirmations and reset links together', async () => {
    const email = 'inbox-flooded@example.com';
    await signedUp('Flo Flooded', email, 'Secret123');
    for (let i = 0; i < 2; i++) {
      expect((await post('/api/auth/send-verification-email', { email })).statusCode).toBe(200);
    }
    await ctx.app.database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    for (let i = 0; i < 3; i++) {
      const response = await post('/api/auth/request-password-reset', {
        email,
        redirectTo: '/reset-password',
      });
      expect(response.statusCode).toBe(200);
    }
    // A mail asked for after them arrives; a sixth to the flooded address never does.
    await signedUp('Later Mail', 'later-mail@example.com', 'Secret123');
    await mailTo('later-mail@example.com', 'Confirm your e-mail address');
    const flooded = (await readOutbox(ctx.config.mailOutboxDir)).filter((mail) => mail.to === email);
    expect(flooded.map((mail) => mail.subject).sort()).toEqual([
      ...Array<string>(3).fill('Confirm your e-mail address'),
      ...Array<string>(2).fill('Reset your password'),
    ]);
  });
});

describe('mails to an address whose owner has not confirmed it', () => {
  const spam = 'Win $5,000 now at prize-claims.example';

  it('carry none of the words of whoever asked for them; a confirmed account is greeted by its name', async () => {
    const email = 'spam-target@example.com';
    await signedUp(spam, email, 'Secret123');
    const confirmation = await mailTo(email, 'Confirm your e-mail address');
    await post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    const reset = await mailTo(email, 'Reset your password');
    for (const mail of [confirmation, reset]) {
      expect(mail.text).toMatch(/^Hello,\n/);
      expect(`${mail.text} ${mail.html}`).not.toContain('prize-claims');
    }

    const owner = 'greeted-owner@example.com';
    await signedUp('Gina Greeted', owner, 'Secret123');
    expect((await confirm(owner)).statusCode).toBe(200);
    await post('/api/auth/request-password-reset', { email: owner, redirectTo: '/reset-password' });
    expect((await mailTo(owner, 'Reset your password')).text).toMatch(/^Hello Gina Greeted,\n/);
  });
});
