import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { firstLink } from '#server/testing/outbox.ts';
import { SmtpPeer } from '#server/testing/smtp-peer.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';

// A real SMTP peer on 127.0.0.1: the shop's verification and reset mails travel through it.
const smtp = new SmtpPeer();
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ SMTP_URL: await smtp.start(), MAIL_FROM: 'Shop <shop@example.com>' });
});

afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

function post(url: string, payload: object) {
  return ctx.app.inject({ method: 'POST', url, payload, headers: { origin: ctx.config.baseUrl } });
}

async function arrived(to: string, subject: string): Promise<ParsedMail> {
  await expect.poll(() => smtp.to(to, subject).length).toBeGreaterThan(0);
  return smtp.to(to, subject).at(-1)!;
}

it('delivers the verification mail over SMTP, and its link confirms the address', async () => {
  await post('/api/auth/sign-up/email', {
    name: 'Smtp Person',
    email: 'smtp@example.com',
    password: 'Secret123',
  });
  const mail = await arrived('smtp@example.com', 'Confirm your e-mail address');
  expect(mail.from?.value[0]).toMatchObject({ name: 'Shop', address: 'shop@example.com' });
  expect(mail.html).toContain('/verify-email?token=');
  const token = new URL(firstLink(mail.text ?? '')!).searchParams.get('token')!;
  const verified = await ctx.app.inject({ url: `/api/auth/verify-email?token=${encodeURIComponent(token)}` });
  expect(verified.statusCode).toBe(200);
  const profile = await post('/api/auth/sign-in/email', { email: 'smtp@example.com', password: 'Secret123' });
  expect(profile.json()).toMatchObject({ user: { emailVerified: true } });
});

it('delivers the reset mail over SMTP, and its link sets a new password', async () => {
  await post('/api/auth/request-password-reset', {
    email: 'smtp@example.com',
    redirectTo: '/reset-password',
  });
  const mail = await arrived('smtp@example.com', 'Reset your password');
  const link = new URL(firstLink(mail.text ?? '')!);
  expect(link.pathname).toBe('/reset-password');
  const reset = await post('/api/auth/reset-password', {
    token: link.searchParams.get('token'),
    newPassword: 'ViaSmtp2026',
  });
  expect(reset.statusCode).toBe(200);
  expect(
    (await post('/api/auth/sign-in/email', { email: 'smtp@example.com', password: 'ViaSmtp2026' }))
      .statusCode,
  ).toBe(200);
});
