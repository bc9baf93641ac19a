import type { BenchServer } from './server-process.ts';

export interface Buyers {
  /** Every buyer's e-mail starts with it. */
  emailPrefix: string;
  /** Each buyer's session cookie. */
  cookies: string[];
}

const PASSWORD = 'Bench1234';

/** Posts to a sign-up or sign-in endpoint and answers the session's cookies. */
async function sessionFrom(base: string, path: string, body: object): Promise<string> {
  const response = await fetch(`${base}/api/auth/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/**
 * Signs up `count` buyers through the shop, confirms their addresses (only a confirmed address may order) and
 * signs them in again, so that each session knows it: the cookies of those sessions.
 */
export async function signUpBuyers(server: BenchServer, count: number, group: string): Promise<Buyers> {
  const { base } = server;
  const emailPrefix = `bench-${group}-${Date.now().toString(36)}-`;
  const email = (i: number) => `${emailPrefix}${i}@example.com`;
  for (let i = 0; i < count; i++) {
    await sessionFrom(base, 'sign-up/email', {
      name: `Bench Buyer ${i}`,
      email: email(i),
      password: PASSWORD,
    });
  }
  await server.confirmBuyers(emailPrefix);
  const cookies: string[] = [];
  for (let i = 0; i < count; i++) {
    cookies.push(await sessionFrom(base, 'sign-in/email', { email: email(i), password: PASSWORD }));
  }
  return { emailPrefix, cookies };
}
