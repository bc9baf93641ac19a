import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Order } from '#shared/schemas/orders.ts';
import { queriesTo, stubApi, type SentRequest } from '#client/testing/api-stub.ts';
import { pageOf, unpaidOrder } from '#client/testing/fixtures.ts';
import { renderScreen } from '#client/testing/render-screen.tsx';
import { ManageOrdersPage } from './manage-orders-page.tsx';

type Replies = Parameters<typeof stubApi>[0];

const paidOrder: Order = { ...unpaidOrder, _id: 'order-2', paid: true, transactionId: 'pi_test_1' };

function showManageOrders(url: string, replies: Replies) {
  const sent = stubApi(replies);
  return { sent, ...renderScreen(<ManageOrdersPage />, { url, route: '/dashboard/manageOrder' }) };
}

const asked = (sent: SentRequest[]) => queriesTo(sent, '/admin/orders');

describe('Manage Order', () => {
  it('keeps the spec heading, columns and actions, with the count of every order', async () => {
    const { sent } = showManageOrders('/dashboard/manageOrder', {
      'GET /api/admin/orders': {
        body: pageOf('orders', [unpaidOrder, paidOrder], { total: 41, pageSize: 20 }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Here is the 41 order(s):-' })).toBeTruthy();
    expect(asked(sent)).toEqual([{ page: '1' }]);
    const [head] = screen.getAllByRole('rowgroup');
    expect(
      within(head!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'No.',
      'Image',
      'Name',
      'Email',
      'ToolsName',
      'Price',
      'Quantity',
      'Address',
      'Phone',
      'transaction Id',
      'Action',
    ]);
    const [unpaid, paid] = screen.getAllByRole('row').slice(1);
    expect(within(unpaid!).getByText('Not Paid Yet')).toBeTruthy();
    expect(within(unpaid!).getByText("can't receive the money yet")).toBeTruthy();
    expect(within(unpaid!).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(within(paid!).getByText("receive'd Money")).toBeTruthy();
    expect(within(paid!).getByRole('button', { name: 'Ship' })).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Manage Order pages' });
    expect(within(pages).getByRole('link', { name: 'Page 3' })).toBeTruthy();
  });

  it('says the spec text when there is no order at all', async () => {
    showManageOrders('/dashboard/manageOrder', { 'GET /api/admin/orders': { body: pageOf('orders', []) } });
    expect(await screen.findByRole('heading', { name: 'There is no Order' })).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('filters by state and searches by buyer or product, each from page 1', async () => {
    const { sent, user, browser } = showManageOrders('/dashboard/manageOrder?page=2', {
      'GET /api/admin/orders': ({ url }) => ({
        body: url.searchParams.get('q') === 'nobody' ? pageOf('orders', []) : pageOf('orders', [paidOrder]),
      }),
    });
    await screen.findByRole('heading', { name: 'Here is the 1 order(s):-' });
    const states = screen.getByRole('group', { name: 'State' });
    expect(within(states).getByRole('radio', { name: 'All' })).toHaveProperty('checked', true);
    await user.click(within(states).getByRole('radio', { name: 'Paid' }));
    expect(browser.search).toBe('?state=paid');
    await waitFor(() => expect(asked(sent).at(-1)).toEqual({ state: 'paid', page: '1' }));

    await user.type(screen.getByRole('searchbox', { name: 'Search by buyer, e-mail or product' }), 'nobody');
    expect(
      await screen.findByRole('heading', { name: 'No orders match “nobody” among the Paid orders' }),
    ).toBeTruthy();
    expect(asked(sent).at(-1)).toEqual({ q: 'nobody', state: 'paid', page: '1' });
    await user.click(screen.getByRole('button', { name: 'Clear the search and the state' }));
    expect(browser.search).toBe('');
    expect(await screen.findByRole('heading', { name: 'Here is the 1 order(s):-' })).toBeTruthy();
  });

  it('asks for the page on the screen again after shipping an order', async () => {
    let shipped = false;
    const { sent, user } = showManageOrders('/dashboard/manageOrder?state=paid&page=2', {
      'GET /api/admin/orders': () => ({
        body: pageOf('orders', [{ ...paidOrder, isDeliverd: shipped }], { total: 21, page: 2, pageSize: 20 }),
      }),
      'PUT /api/ship/order-2': () => {
        shipped = true;
        return { body: { modifiedCount: 1 } };
      },
    });
    await screen.findByRole('heading', { name: 'Here is the 21 order(s):-' });
    expect(screen.getAllByRole('row')[1]!.querySelector('th')?.textContent).toBe('21');
    await user.click(screen.getByRole('button', { name: 'Ship' }));
    expect(await screen.findByText('On the way for Delivery')).toBeTruthy();
    expect(await screen.findByText('Delivery Done')).toBeTruthy();
    expect(asked(sent).at(-1)).toEqual({ state: 'paid', page: '2' });
  });
});
