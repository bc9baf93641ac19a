import { describe, expect, it } from 'vitest';
import { sessionCookies, withoutMalformedCookieCache, withoutSessionCookies } from './session-cookies.ts';

describe('sessionCookies', () => {
  it('is the same for one session whatever other cookies come beside it', () => {
    const session = 'forgeline.session_token=abc.sig; forgeline.session_data=eyJ9';
    expect(sessionCookies(`${session}; padding=${'x'.repeat(4000)}`)).toBe(session);
    expect(sessionCookies(`theme=dark; ${session}`)).toBe(session);
    expect(sessionCookies('__Secure-forgeline.session_token=abc.sig; a=1')).toBe(
      '__Secure-forgeline.session_token=abc.sig',
    );
  });

  it('is empty without a session token: nobody is signed in', () => {
    expect(sessionCookies('forgeline.session_data=eyJ9; a=1')).toBe('');
    expect(sessionCookies('')).toBe('');
  });
});

describe('withoutMalformedCookieCache', () => {
  it('drops a cookie cache (or a chunk of one) that is not base64url, and keeps everything else as sent', () => {
    expect(withoutMalformedCookieCache('a=1; forgeline.session_token=t; forgeline.session_data=!!!')).toBe(
      'a=1; forgeline.session_token=t',
    );
    expect(withoutMalformedCookieCache('forgeline.session_data.0=ab%2F; b=2')).toBe('b=2');
    const sound = 'forgeline.session_token=t%2Bs; forgeline.session_data=eyJz-_0=; c=!!!';
    expect(withoutMalformedCookieCache(sound)).toBe(sound);
  });
});

describe('withoutSessionCookies', () => {
  it("drops the session's token and every chunk of its copy, and keeps the other cookies as sent", () => {
    const header =
      'theme=dark; __Secure-forgeline.session_token=t.s; forgeline.session_data.0=eyJ; forgeline.session_data.1=9; a=1';
    expect(withoutSessionCookies(header)).toBe('theme=dark; a=1');
    expect(withoutSessionCookies('forgeline.session_token=t')).toBe('');
  });
});
