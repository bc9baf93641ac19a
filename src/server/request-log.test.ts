import { once } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstLink, readOutbox } from './testing/outbox.ts';
import { createUser } from './testing/accounts.ts';
import { createTestApp, type TestContext } from './testing/test-app.ts';

const logLines: string[] = [];
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp(
    {},
    // At debug every request is logged, reads included.
    { logger: { level: 'debug', stream: { write: (line) => logLines.push(line) } } },
  );
});
afterAll(() => ctx.close());

/** The token of the newest mail with this subject, once it has been written. */
async function mailedToken(email: string, subject: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await readOutbox(ctx.config.mailOutboxDir)).findLast(
        (candidate) => candidate.to === email && candidate.subject === subject,
      );
      link = mail && firstLink(mail.text);
      return link;
    })
    .toBeDefined();
  return new URL(link!).searchParams.get('token')!;
}

const loggedUrls = () =>
  logLines
    .map((line) => JSON.parse(line) as { req?: { url: string } })
    .flatMap((entry) => (entry.req ? [entry.req.url] : []));

describe('the log', () => {
  it('holds no verification or password-reset token, neither from mails nor from request URLs', async () => {
    const user = await createUser(ctx);
    const verificationToken = await mailedToken(user.email, 'Confirm your e-mail address');
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: ctx.config.baseUrl },
      payload: { email: user.email, redirectTo: '/reset-password' },
    });
    expect(reset.statusCode).toBe(200);
    const resetToken = await mailedToken(user.email, 'Reset your password');

    for (const url of [
      `/verify-email?token=${verificationToken}`,
      `/api/auth/verify-email?token=${verificationToken}`,
      `/reset-password?token=${resetToken}`,
      `/api/auth/reset-password/${resetToken}?callbackURL=%2Freset-password`,
    ]) {
      await ctx.app.inject({ url });
    }

    const log = logLines.join('');
    expect(log).not.toContain(verificationToken);
    expect(log).not.toContain(resetToken);
    expect(loggedUrls()).toEqual(
      expect.arrayContaining([
        '/verify-email',
        '/api/auth/verify-email',
        '/reset-password',
        '/api/auth/reset-password/[redacted]',
      ]),
    );
    const mailLines = logLines.filter((line) => line.includes(`Mail to ${user.email}`));
    expect(mailLines).toHaveLength(2);
    expect(mailLines.join('')).not.toMatch(/https?:/);
  });

  it('logs request paths without their query strings', async () => {
    await ctx.app.inject({ url: '/api/tools?search=drill&page=2' });

    expect(loggedUrls()).toContain('/api/tools');
    expect(logLines.join('')).not.toContain('search=drill');
  });
});

describe('what the log keeps at info', () => {
  const lines: string[] = [];
  let shop: TestContext;
  beforeAll(async () => {
    shop = await createTestApp(
      { SLOW_REQUEST_MS: '60000' },
      { logger: { level: 'info', stream: { write: (line) => lines.push(line) } } },
    );
  });
  afterAll(() => shop.close());

  const logged = () =>
    lines.map(
      (line) => JSON.parse(line) as { level: number; msg: string; req?: { method: string; url: string } },
    );

  it('has one line per write and per refusal, none for reads that went well', async () => {
    lines.length = 0;
    await shop.app.inject({ url: '/api/parts?limit=6' });
    await shop.app.inject({ url: '/api/reviews' });
    await shop.app.inject({ url: '/api/parts/not-a-tool' });
    await shop.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Log Reader', email: 'log@example.com', message: 'Is this logged once?' },
    });
    const requests = logged().filter((entry) => entry.msg === 'request completed');
    expect(requests.map((entry) => `${entry.req?.method} ${entry.req?.url}`)).toEqual([
      'GET /api/parts/not-a-tool',
      'POST /api/contact',
    ]);
  });

  it('logs as warnings, not errors, the sign-in requests that the auth library refuses as a client mistake', async () => {
    const someone = await createUser(shop, { name: 'Would Leave' });
    lines.length = 0;
    const refused = await Promise.all([
      // Deleting one's own account is not offered.
      shop.app.inject({
        method: 'POST',
        url: '/api/auth/delete-user',
        headers: someone.headers,
        payload: {},
      }),
      shop.app.inject({ url: '/api/auth/verify-email?token=stale&callbackURL=https://evil.example/' }),
      shop.app.inject({ url: '/api/auth/callback/github?state=forged&code=x' }),
      shop.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/social',
        headers: { origin: shop.config.baseUrl },
        payload: { provider: 'myspace' },
      }),
    ]);
    for (const response of refused) expect(response.statusCode).toBeLessThan(500);
    expect(logged().filter((entry) => entry.level >= 50)).toEqual([]);
    expect(
      logged()
        .filter((entry) => entry.level === 40)
        .map((entry) => entry.msg),
    ).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Invalid callbackURL/),
        expect.stringMatching(/state/i),
        expect.stringMatching(/^Delete user is disabled/),
      ]),
    );
  });

  it('does not take a client that drops its connection mid-body for a database out of reach', async () => {
    lines.length = 0;
    const address = await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = connect(Number(new URL(address).port), '127.0.0.1');
    await once(socket, 'connect');
    const arrived = once(shop.app.server, 'request');
    socket.write(
      'POST /api/contact HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{"name":',
    );
    const [incoming] = (await arrived) as [IncomingMessage];
    socket.destroy();
    await new Promise((closed) => incoming.once('close', closed));
    // The body's reader hears of the abort as the request closes, and the error handler answers in that turn.
    await new Promise(setImmediate);
    expect(logged().filter((entry) => entry.level >= 50)).toEqual([]);
  });

  it('logs a slow request as a warning', async () => {
    const slow = await createTestApp(
      { SLOW_REQUEST_MS: '1' },
      { logger: { level: 'warn', stream: { write: (line) => lines.push(line) } } },
    );
    try {
      lines.length = 0;
      await slow.app.inject({ url: '/api/parts' });
      expect(logged()).toContainEqual(expect.objectContaining({ level: 40, msg: 'slow request' }));
    } finally {
      await slow.close();
    }
  });
});
