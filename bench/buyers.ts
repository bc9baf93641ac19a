export interface Buyers {
  /** Every buyer's e-mail starts with it. */
  emailPrefix: string;
  /** Each buyer's session cookie. */
  cookies: string[];
}

/** Signs up `count` buyers through the shop. */
export async function signUpBuyers(base: string, count: number, group: string): Promise<Buyers> {
  const cookies: string[] = [];
  const emailPrefix = `bench-${group}-${Date.now().toString(36)}-`;
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({
        name: `Bench Buyer ${i}`,
        email: `${emailPrefix}${i}@example.com`,
        password: 'Bench1234',
      }),
    });
    if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
    cookies.push(
      response.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0])
        .join('; '),
    );
  }
  return { emailPrefix, cookies };
}
