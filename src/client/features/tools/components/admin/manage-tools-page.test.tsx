import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { queriesTo, stubApi, type SentRequest } from '#client/testing/api-stub.ts';
import { pageOf, someTools } from '#client/testing/fixtures.ts';
import { allowModalDialogs } from '#client/testing/modal-dialogs.ts';
import { renderScreen } from '#client/testing/render-screen.tsx';
import { ManageToolsPage } from './manage-tools-page.tsx';

type Reply = Parameters<typeof stubApi>[0][string];

beforeAll(allowModalDialogs);

function showManageTools(url: string, reply: Reply, more: Parameters<typeof stubApi>[0] = {}) {
  const sent = stubApi({ 'GET /api/catalogue': reply, ...more });
  return { sent, ...renderScreen(<ManageToolsPage />, { url, route: '/dashboard/manageTools' }) };
}

const asked = (sent: SentRequest[]) => queriesTo(sent, '/catalogue');

describe('Manage Tools', () => {
  it('heads the table with the count of every tool and numbers the rows on from the earlier pages', async () => {
    const { sent } = showManageTools('/dashboard/manageTools?page=2', {
      body: pageOf('tools', someTools(2, 25), { total: 26, page: 2 }),
    });
    expect(await screen.findByRole('heading', { name: 'Here is the 26 Tool(s):-' })).toBeTruthy();
    expect(asked(sent)).toEqual([{ page: '2' }]);
    const [head] = screen.getAllByRole('rowgroup');
    const headers = within(head!)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['No.', 'Image', 'Name', 'price', 'Stock', 'Minimum-Order', 'Details', 'Manage']);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('th')?.textContent)).toEqual(['25', '26']);
    expect(within(rows[0]!).getByText('A 125 mm grinder with a side h...')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Manage Tools pages' });
    expect(within(pages).getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  });

  it('says the spec text when there is no tool at all, without a search box', async () => {
    showManageTools('/dashboard/manageTools', { body: pageOf('tools', []) });
    expect(await screen.findByRole('heading', { name: 'There is no Tools.Add Some Tools' })).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('searches by name; a search that finds nothing says so and offers to clear it', async () => {
    const { sent, user, browser } = showManageTools('/dashboard/manageTools?page=2', ({ url }) => ({
      body: url.searchParams.has('q')
        ? pageOf('tools', [])
        : pageOf('tools', someTools(3), { total: 3, page: Number(url.searchParams.get('page')) }),
    }));
    await screen.findByRole('heading', { name: 'Here is the 3 Tool(s):-' });
    await user.type(screen.getByRole('searchbox', { name: 'Search tools by name' }), 'zz');
    expect(await screen.findByRole('heading', { name: 'No tools match “zz”' })).toBeTruthy();
    expect(browser.search).toBe('?q=zz');
    expect(asked(sent).at(-1)).toEqual({ q: 'zz', page: '1' });
    await user.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(await screen.findByRole('heading', { name: 'Here is the 3 Tool(s):-' })).toBeTruthy();
    expect(browser.search).toBe('');
  });

  it('asks for the page on the screen again after a delete', async () => {
    let deleted = false;
    const { sent, user } = showManageTools(
      '/dashboard/manageTools?q=tool&page=2',
      ({ url }) => ({
        body: pageOf('tools', someTools(deleted ? 1 : 2, 25), {
          total: deleted ? 25 : 26,
          page: Number(url.searchParams.get('page')),
        }),
      }),
      {
        'DELETE /api/parts/tool-25': () => {
          deleted = true;
          return { body: { deletedCount: 1 } };
        },
      },
    );
    await screen.findByRole('heading', { name: 'Here is the 26 Tool(s):-' });
    const row = screen.getByRole('row', { name: /Tool 25/ });
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Tools delete successfully')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Here is the 25 Tool(s):-' })).toBeTruthy();
    await waitFor(() => expect(asked(sent).at(-1)).toEqual({ q: 'tool', page: '2' }));
    expect(screen.queryByRole('row', { name: /Tool 26/ })).toBeNull();
  });
});
