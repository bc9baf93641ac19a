import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { queriesTo, stubApi, type SentRequest } from '#client/testing/api-stub.ts';
import { pageOf, plainUser } from '#client/testing/fixtures.ts';
import { allowModalDialogs } from '#client/testing/modal-dialogs.ts';
import { renderScreen } from '#client/testing/render-screen.tsx';
import { AllUsersPage } from './all-users-page.tsx';

type Replies = Parameters<typeof stubApi>[0];

beforeAll(allowModalDialogs);

const admin = {
  ...plainUser,
  _id: 'user-1',
  name: 'Demo Admin',
  email: 'admin@example.com',
  role: 'admin' as const,
};

function showAllUsers(url: string, replies: Replies) {
  const sent = stubApi(replies);
  return { sent, ...renderScreen(<AllUsersPage />, { url, route: '/dashboard/user' }) };
}

const asked = (sent: SentRequest[]) => queriesTo(sent, '/admin/users');

describe('All User', () => {
  it('counts every user, shows Admin or Promote, and pages', async () => {
    const { sent } = showAllUsers('/dashboard/user?page=3', {
      'GET /api/admin/users': {
        body: pageOf('users', [admin, plainUser], { total: 42, page: 3, pageSize: 20 }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Total User : 42' })).toBeTruthy();
    expect(asked(sent)).toEqual([{ page: '3' }]);
    const [first, second] = screen.getAllByRole('row').slice(1);
    expect(first!.querySelector('th')?.textContent).toBe('41');
    expect(within(first!).getByText('Admin')).toBeTruthy();
    expect(within(second!).getByRole('button', { name: 'Promote Dev Patel' })).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'All User pages' });
    expect(within(pages).getByRole('link', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
    expect(within(pages).queryByRole('link', { name: /Next/ })).toBeNull();
  });

  it('searches by name or e-mail, says when none match, and clears the search', async () => {
    const { sent, user, browser } = showAllUsers('/dashboard/user', {
      'GET /api/admin/users': ({ url }) => ({
        body: pageOf(
          'users',
          url.searchParams.get('q') === 'dev'
            ? [plainUser]
            : url.searchParams.has('q')
              ? []
              : [admin, plainUser],
        ),
      }),
    });
    await screen.findByRole('heading', { name: 'Total User : 2' });
    const search = screen.getByRole('searchbox', { name: 'Search by name or e-mail' });
    await user.type(search, 'dev');
    expect(await screen.findByRole('heading', { name: 'Total User : 1' })).toBeTruthy();
    expect(browser.search).toBe('?q=dev');
    await user.type(search, 'x{Enter}');
    expect(await screen.findByRole('heading', { name: 'No users match “devx”' })).toBeTruthy();
    expect(asked(sent).map(({ q }) => q)).toEqual([undefined, 'dev', 'devx']);
    await user.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(await screen.findByRole('heading', { name: 'Total User : 2' })).toBeTruthy();
  });

  it('asks for the page on the screen again after a promotion', async () => {
    let promoted = false;
    const { sent, user } = showAllUsers('/dashboard/user?q=dev', {
      'GET /api/admin/users': () => ({
        body: pageOf('users', [{ ...plainUser, role: promoted ? 'admin' : 'user' }]),
      }),
      'PUT /api/user/admin/dev%40example.com': () => {
        promoted = true;
        return { body: { modifiedCount: 1 } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Promote Dev Patel' }));
    expect(await screen.findByText('SuccessFully make a admin')).toBeTruthy();
    expect(await screen.findByText('Admin')).toBeTruthy();
    expect(asked(sent)).toEqual([
      { q: 'dev', page: '1' },
      { q: 'dev', page: '1' },
    ]);
  });

  it('blocks an account after "Are You Sure?", then unblocks it, asking for the page again each time', async () => {
    let blocked = false;
    const { sent, user } = showAllUsers('/dashboard/user', {
      'GET /api/admin/users': () => ({ body: pageOf('users', [admin, { ...plainUser, blocked }]) }),
      'PUT /api/user/blocked/dev%40example.com': ({ body }) => {
        blocked = (body as { blocked: boolean }).blocked;
        return { body: { modifiedCount: 1 } };
      },
    });
    const [adminRow] = (await screen.findAllByRole('row')).slice(1);
    expect(within(adminRow!).queryByRole('button', { name: /Block/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Block Dev Patel' }));
    const dialog = screen.getByRole('dialog', { name: 'Are You Sure?' });
    expect(dialog.textContent).toContain('Dev Patel will be signed out within a minute and cannot sign in');
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(sent.filter(({ method }) => method === 'PUT')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Block Dev Patel' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(
      await screen.findByText('The account is blocked: it is signed out and cannot sign in.'),
    ).toBeTruthy();
    expect(await screen.findByText('Blocked')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Promote Dev Patel' })).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: 'Unblock Dev Patel' }));
    expect(await screen.findByText('Dev Patel can sign in again.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Block Dev Patel' })).toBeTruthy();
    expect(sent.filter(({ method }) => method === 'PUT').map(({ body }) => body)).toEqual([
      { blocked: true },
      { blocked: false },
    ]);
    expect(asked(sent)).toHaveLength(3);
  });
});
