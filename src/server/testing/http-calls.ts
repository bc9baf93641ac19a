/** A request to a server process over HTTP, from a page of the shop at `origin`, with a session cookie if given. */
export function httpCall(base: string, origin: string) {
  return (method: string, url: string, { cookie, body }: { cookie?: string; body?: unknown } = {}) =>
    fetch(base + url, {
      method,
      headers: {
        origin,
        ...(cookie && { cookie }),
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

/** The session cookies a sign-up or sign-in answer sets, as a Cookie header sends them back. */
export const cookiesOf = (response: Response): string =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
