import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SocialProvider } from '#shared/schemas/auth.ts';
import { authProvidersQueryOptions } from '#client/features/auth/api/get-auth-providers.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { apiError, stubApi } from '#client/testing/api-stub.ts';
import { renderScreen } from '#client/testing/render-screen.tsx';
import { SignInPage } from './signin-page.tsx';
import { SignUpPage } from './signup-page.tsx';

/** The server configured for `providers`, which the route's loader has asked for before the screen shows. */
async function configured(providers: SocialProvider[], replies: Parameters<typeof stubApi>[0] = {}) {
  const sent = stubApi({ 'GET /api/auth-providers': { body: { providers } }, ...replies });
  await queryClient.fetchQuery(authProvidersQueryOptions);
  return sent;
}

const button = (provider: string) => screen.queryByRole('button', { name: `Sign in with ${provider}` });

describe('Google and GitHub sign-in', () => {
  it('shows a button for each provider the server is configured for, and no other', async () => {
    await configured(['github']);
    renderScreen(<SignInPage originPath="/" />, { url: '/signin' });
    expect(button('GitHub')).toBeTruthy();
    expect(button('Google')).toBeNull();
  });

  it('shows neither button, nor the "or" between, when the server has neither', async () => {
    await configured([]);
    renderScreen(<SignUpPage originPath="/" />, { url: '/signup' });
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
    expect(button('Google')).toBeNull();
    expect(button('GitHub')).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
  });

  it('starts the sign-in with the provider, returning to the page the user came from, and shows a refusal', async () => {
    const sent = await configured(['google', 'github'], {
      'POST /api/auth/sign-in/social': apiError(429, 'Too many requests. Please try again later.'),
    });
    const { user } = renderScreen(<SignUpPage originPath="/dashboard/myorder" />, { url: '/signup' });
    await user.click(button('Google')!);
    expect(await screen.findByText('Error : Too many requests. Please try again later.')).toBeTruthy();
    expect(sent.find((request) => request.method === 'POST')?.body).toMatchObject({
      provider: 'google',
      callbackURL: '/dashboard/myorder',
    });
  });
});
