import { expect, test } from '@playwright/test';
import { demoAdmin, demoBuyer, expectNoSeriousAxeFindings, signIn } from './support.ts';

// Issue 16: sales at a glance on the administrator's dashboard home, a chart with its numbers as a table.
for (const width of [375, 1280]) {
  test(`an admin sees sales at a glance below the welcome, at ${width} px`, async ({ page }) => {
    await signIn(page, demoAdmin);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome to your dashboard, Demo Admin!' })).toBeVisible();
    await expect(
      page.getByText(/^Choose a page from the menu: manage users, orders and tools/),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sales at a glance' })).toBeVisible();
    const revenue = page.getByRole('region', { name: 'Revenue, last 30 days' });
    await expect(revenue.getByText(/^\$[\d,.]+$/).first()).toBeVisible();
    await expect(revenue.getByText(/from \d+ paid order\(s\)/)).toBeVisible();

    await revenue.getByText('Revenue per day as a table').click();
    const rows = revenue.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(31);
    await expect(rows.nth(1).getByRole('cell')).toHaveCount(3);

    const states = page.getByRole('region', { name: 'Orders by state' });
    for (const label of ['Unpaid', 'Paid, to ship', 'Shipped'])
      await expect(states.getByText(label, { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Top 5 tools by revenue' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Tools that can no longer be ordered' })).toBeVisible();
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await expectNoSeriousAxeFindings(page, `the dashboard home at ${width} px`);
    await page.screenshot({ path: `test-results/screenshots/sales-overview-${width}.png`, fullPage: true });
  });
}

test('a buyer gets no sales overview, and never asks for it', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/admin/sales')) asked.push(request.url());
  });
  await signIn(page, demoBuyer);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome to your dashboard, Demo Buyer!' })).toBeVisible();
  await expect(page.getByText(/^Choose a page from the menu: follow your orders and payments/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sales at a glance' })).toHaveCount(0);
  expect(asked).toEqual([]);
});
