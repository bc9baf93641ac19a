import { describe, expect, it } from 'vitest';
import { CLIENTS } from '#server/testing/oauth-provider-stand-in.ts';
import { createTestApp } from '#server/testing/test-app.ts';

const google = { GOOGLE_CLIENT_ID: CLIENTS.google.id, GOOGLE_CLIENT_SECRET: CLIENTS.google.secret };
const github = { GITHUB_CLIENT_ID: CLIENTS.github.id, GITHUB_CLIENT_SECRET: CLIENTS.github.secret };

describe('GET /api/auth-providers', () => {
  it.each([
    ['neither', {}, []],
    ['GitHub alone', github, ['github']],
    ['both', { ...google, ...github }, ['google', 'github']],
  ])('names the social sign-ins configured on the server: %s', async (_, env, providers) => {
    const ctx = await createTestApp(env);
    try {
      const response = await ctx.app.inject({ url: '/api/auth-providers' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ providers });
    } finally {
      await ctx.close();
    }
  });
});
