import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { bookNewestToolViaApi, demoAdmin, signIn, signUpViaApi } from './support.ts';

// Issue 16: Manage Order exports the orders it shows as a CSV file for the accountant.
test('an admin downloads the orders of a search as a dated CSV file that a CSV parser reads back', async ({
  page,
  browser,
}) => {
  const buyerPage = await browser.newPage();
  const buyer = await signUpViaApi(buyerPage, 'Zoë Exportová');
  const tool = await bookNewestToolViaApi(buyerPage.request, '=1+2, Export Lane');
  await buyerPage.close();

  await signIn(page, demoAdmin);
  await page.goto(`/dashboard/manageOrder?q=${encodeURIComponent(buyer.email)}`);
  await expect(page.getByRole('heading', { name: 'Here is the 1 order(s):-' })).toBeVisible();
  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  await expect(exportLink).toHaveAttribute(
    'href',
    `/api/admin/orders.csv?q=${encodeURIComponent(buyer.email)}`,
  );
  const [download] = await Promise.all([page.waitForEvent('download'), exportLink.click()]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parse<Record<string, string>>(await readFile(await download.path()), {
    bom: true,
    columns: true,
  });
  expect(rows).toEqual([
    expect.objectContaining({
      Buyer: 'Zoë Exportová',
      'E-mail': buyer.email,
      Product: tool.name,
      Quantity: String(tool.minOrderQuantity),
      State: 'unpaid',
      'Delivery address': "'=1+2, Export Lane",
    }),
  ]);
});
