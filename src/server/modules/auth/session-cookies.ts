/** What Better Auth's cookie names begin with (better-auth.ts). */
export const COOKIE_PREFIX = 'forgeline';

/**
 * Better Auth's session cookies, with the `__Secure-` prefix it adds on https or without: the session token,
 * and the cookie cache of the session (`data`), which it splits into numbered chunks when it is long.
 */
const SESSION_COOKIE = new RegExp(`^(?:__Secure-)?${COOKIE_PREFIX}\\.session_(token|data)(?:\\.\\d+)?$`);
/** The cookie cache as Better Auth writes it: base64url. */
const BASE64URL = /^[\w-]*=*$/;

interface CookiePair {
  text: string;
  /** `token` or `data` for the session's cookies. */
  session: string | undefined;
  value: string;
}

function cookiePairs(header: string): CookiePair[] {
  return header
    .split(';')
    .map((text) => text.trim())
    .filter(Boolean)
    .map((text) => {
      const at = text.indexOf('=');
      const name = at < 0 ? text : text.slice(0, at).trim();
      return {
        text,
        session: SESSION_COOKIE.exec(name)?.[1],
        value: at < 0 ? '' : text.slice(at + 1).trim(),
      };
    });
}

/**
 * The Cookie header without a session cookie cache that is not base64url. Better Auth fails the whole request
 * on one ("Invalid Base64 character", a 500), where without it it reads the session from the database.
 */
export function withoutMalformedCookieCache(header: string): string {
  const pairs = cookiePairs(header);
  const kept = pairs.filter(({ session, value }) => session !== 'data' || BASE64URL.test(value));
  return kept.length === pairs.length ? header : kept.map(({ text }) => text).join('; ');
}

/**
 * The session's own cookies in a Cookie header, as one string: all that says who is signed in (other cookies
 * beside them change nothing). Empty without a session token, with which nobody is signed in.
 */
export function sessionCookies(header: string): string {
  const pairs = cookiePairs(header).filter(({ session }) => session !== undefined);
  return pairs.some(({ session }) => session === 'token') ? pairs.map(({ text }) => text).join('; ') : '';
}

/** The Cookie header without the session's cookies: as a browser that is signed out sends it. */
export function withoutSessionCookies(header: string): string {
  return cookiePairs(header)
    .filter(({ session }) => session === undefined)
    .map(({ text }) => text)
    .join('; ');
}
