import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MAX_STOCK, MINIMUM_ORDER_TOO_DEAR, STALE_TOOL_MESSAGE, type Tool } from '#shared/schemas/tools.ts';
import { apiError, stubApi } from '#client/testing/api-stub.ts';
import { angleGrinder } from '#client/testing/fixtures.ts';
import { renderScreen } from '#client/testing/render-screen.tsx';
import { AddToolPage } from './add-tool-page.tsx';
import { UpdateToolPage } from './update-tool-page.tsx';

const valueOf = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value;

describe('Add Products', () => {
  it('shows each required message under its field', async () => {
    const sent = stubApi({});
    const { user } = renderScreen(<AddToolPage />, { url: '/dashboard/add' });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    for (const message of [
      'Name is Required',
      'price is Required',
      'availableQuantity is Required',
      'minOrderQuantity is Required',
      'details is Required',
      'Image is Required',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(sent).toEqual([]);
  });

  it("does not let the browser fill in the administrator's own name as the tool's", () => {
    stubApi({});
    renderScreen(<AddToolPage />, { url: '/dashboard/add' });
    for (const label of ['Name', 'Price ($ per piece)', 'AvailableQuantity', 'MinOrderQuantity']) {
      expect(screen.getByLabelText(label).getAttribute('autocomplete')).toBe('off');
    }
  });

  it('checks the numbers it is given', async () => {
    stubApi({});
    const { user } = renderScreen(<AddToolPage />, { url: '/dashboard/add' });
    await user.type(screen.getByLabelText('Price ($ per piece)'), '1.005');
    await user.type(screen.getByLabelText('AvailableQuantity'), '2.5');
    await user.type(screen.getByLabelText('MinOrderQuantity'), '0');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('The price can have at most two decimals')).toBeTruthy();
    expect(await screen.findByText('availableQuantity must be a whole number')).toBeTruthy();
    expect(await screen.findByText('minOrderQuantity must be at least 1')).toBeTruthy();
  });
});

describe('Update', () => {
  function showUpdate(current: () => Tool, patch: Parameters<typeof stubApi>[0][string]) {
    const sent = stubApi({
      'GET /api/parts/tool-1': () => ({ body: current() }),
      'PATCH /api/parts/tool-1': patch,
    });
    const rendered = renderScreen(<UpdateToolPage />, {
      url: '/dashboard/updateTool/tool-1',
      route: '/dashboard/updateTool/:id',
    });
    return { ...rendered, sent };
  }

  it('starts from the tool, keeps the name when it is emptied, and sends which copy it edited', async () => {
    const { user, sent } = showUpdate(() => angleGrinder, { body: { modifiedCount: 1 } });
    expect(await screen.findByDisplayValue('Angle grinder')).toBeTruthy();
    expect(valueOf('Price ($ per piece)')).toBe('12.5');
    await user.clear(screen.getByLabelText('Name'));
    await user.clear(screen.getByLabelText('Price ($ per piece)'));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('price is Required')).toBeTruthy();
    expect(screen.queryByText('Name is Required')).toBeNull();

    await user.type(screen.getByLabelText('Price ($ per piece)'), '19.5');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Tools Updated SuccessFully')).toBeTruthy();
    const body = sent.find((request) => request.method === 'PATCH')?.body as Record<string, unknown>;
    expect(body).toEqual({
      price: 19.5,
      availableQuantity: 500,
      minOrderQuantity: 10,
      details: angleGrinder.details,
      image: angleGrinder.image,
      version: 1,
      loadedAvailableQuantity: 500,
    });
  });

  it('says under the minimum order when one would cost more than one order may, sending nothing', async () => {
    const { user, sent } = showUpdate(() => angleGrinder, { body: { modifiedCount: 1 } });
    expect(await screen.findByDisplayValue('Angle grinder')).toBeTruthy();
    await user.clear(screen.getByLabelText('Price ($ per piece)'));
    await user.type(screen.getByLabelText('Price ($ per piece)'), '150000');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(MINIMUM_ORDER_TOO_DEAR)).toBeTruthy();
    expect(sent.filter((request) => request.method === 'PATCH')).toEqual([]);
  });

  it('says when someone else changed the tool meanwhile, and shows it as it is now', async () => {
    let current = angleGrinder;
    const { user } = showUpdate(
      () => current,
      () => {
        current = {
          ...angleGrinder,
          name: 'Angle grinder XL',
          price: 6,
          version: 2,
          updatedAt: '2026-02-01T00:00:00.000Z',
        };
        return apiError(409, STALE_TOOL_MESSAGE);
      },
    );
    await user.type(await screen.findByLabelText('Price ($ per piece)'), '9');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(STALE_TOOL_MESSAGE)).toBeTruthy();
    expect(await screen.findByDisplayValue('Angle grinder XL')).toBeTruthy();
    expect(valueOf('Price ($ per piece)')).toBe('6');
  });

  it('saves a tool whose stock cancellations took above 10,000,000, and lets its stock come down but not go up', async () => {
    const over = { ...angleGrinder, availableQuantity: MAX_STOCK + 100 };
    const { user, sent } = showUpdate(() => over, { body: { modifiedCount: 1 } });
    const stock = await screen.findByLabelText('AvailableQuantity');
    expect(valueOf('AvailableQuantity')).toBe(String(MAX_STOCK + 100));
    await user.clear(stock);
    await user.type(stock, String(MAX_STOCK + 101));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('availableQuantity must be from 0 to 10,000,000')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'PATCH')).toEqual([]);

    await user.clear(stock);
    await user.type(stock, String(MAX_STOCK + 100));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Tools Updated SuccessFully')).toBeTruthy();
    const body = sent.find((request) => request.method === 'PATCH')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      availableQuantity: MAX_STOCK + 100,
      loadedAvailableQuantity: MAX_STOCK + 100,
    });
  });

  it('says "Failed to add a tools" when nothing changed', async () => {
    const { user } = showUpdate(() => angleGrinder, { body: { modifiedCount: 0 } });
    await user.click(await screen.findByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Failed to add a tools')).toBeTruthy();
  });
});
