import { describe, expect, it } from 'vitest';
import { CALLBACK_URL_MESSAGE, signUpRequestSchema } from './account.ts';

describe('the callback URL on sign-up', () => {
  const account = { name: 'Carla Reyes', email: 'carla@example.com', password: 'Secret123' };
  const issues = (callbackURL: unknown) =>
    signUpRequestSchema.safeParse({ ...account, callbackURL }).error?.issues.map((issue) => issue.message);

  it('may be left out, or be a path or a URL', () => {
    for (const callbackURL of [
      undefined,
      '/',
      '/dashboard?tab=orders#top',
      'https://shop.example/v%C3%A9rifi%C3%A9',
    ]) {
      expect(issues(callbackURL)).toBeUndefined();
    }
  });

  it('refuses what cannot go into a mail link or a Location header', () => {
    for (const callbackURL of [
      '/verified\uD800',
      '/dashboard\u0100',
      '/a b',
      '/a\r\nb',
      `/${'a'.repeat(2000)}`,
      42,
    ]) {
      expect(issues(callbackURL)).toEqual([CALLBACK_URL_MESSAGE]);
    }
  });
});
