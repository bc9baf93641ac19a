import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { never, signedIn, stubApi } from '#client/testing/api-stub.ts';
import { renderScreen } from '#client/testing/render-screen.tsx';
import { RequireAdmin } from './require-admin.tsx';
import { RequireAuth } from './require-auth.tsx';

const signedOut = { body: null };

describe('the signed-in guard', () => {
  const showMyOrders = () =>
    renderScreen(
      <RequireAuth>
        <p>My orders</p>
      </RequireAuth>,
      { url: '/dashboard/myorder' },
    );

  it('shows the loading image while the session is asked for', async () => {
    stubApi({ 'GET /api/auth/get-session': never });
    showMyOrders();
    expect((await screen.findByRole('status')).textContent).toBe('Checking your session');
    expect(screen.queryByText('My orders')).toBeNull();
  });

  it('sends a signed-out visitor to /signin, remembering where they were going', async () => {
    stubApi({ 'GET /api/auth/get-session': signedOut });
    const { browser } = showMyOrders();
    expect(await screen.findByText('Landed on /signin from /dashboard/myorder')).toBeTruthy();
    expect(browser.action).toBe('REPLACE');
  });

  it('lets a signed-in user through', async () => {
    stubApi({ 'GET /api/auth/get-session': signedIn() });
    showMyOrders();
    expect(await screen.findByText('My orders')).toBeTruthy();
  });
});

describe('the administrators’ guard', () => {
  const showAllUsers = () =>
    renderScreen(
      <RequireAdmin>
        <p>All users</p>
      </RequireAdmin>,
      { url: '/dashboard/user' },
    );

  it('shows a spinner while the server checks', async () => {
    stubApi({ 'GET /api/auth/get-session': signedIn(), 'GET /api/admin/carla%40example.com': never });
    showAllUsers();
    expect((await screen.findByRole('status')).textContent).toBe('Checking your access');
    expect(screen.queryByText('All users')).toBeNull();
  });

  it('signs out anyone who is not an administrator and sends them to /signin', async () => {
    const sent = stubApi({
      'GET /api/auth/get-session': signedIn(),
      'GET /api/admin/carla%40example.com': { body: { admin: false } },
      'POST /api/auth/sign-out': { body: { success: true } },
    });
    showAllUsers();
    expect(await screen.findByText('Landed on /signin')).toBeTruthy();
    expect(sent.map(({ method, url }) => `${method} ${url.pathname}`)).toContain('POST /api/auth/sign-out');
    expect(screen.queryByText('All users')).toBeNull();
  });

  it('lets an administrator through', async () => {
    stubApi({
      'GET /api/auth/get-session': signedIn({ role: 'admin' }),
      'GET /api/admin/carla%40example.com': { body: { admin: true } },
    });
    showAllUsers();
    expect(await screen.findByText('All users')).toBeTruthy();
  });
});
