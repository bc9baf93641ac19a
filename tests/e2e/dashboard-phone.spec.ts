import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  addToolViaApi,
  bookNewestToolViaApi,
  demoAdmin,
  expectNoSeriousAxeFindings,
  origin,
  signInViaApi,
  signUpViaApi,
  uniqueEmail,
} from './support.ts';

// Issue 17: the dashboard on a 375 px phone. Every row is a card with every column's name, its actions are
// full-width buttons of at least 44 × 44 px, the side menu folds into one button, and nothing scrolls sideways.
test.use({ viewport: { width: 375, height: 800 } });

/** The page is no wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** Every visible button and link of `scope` is at least 44 × 44 px. */
async function expectThumbSized(scope: Locator) {
  const controls = scope.locator('button:visible, a:visible');
  expect(await controls.count()).toBeGreaterThan(0);
  for (const control of await controls.all()) {
    const box = (await control.boundingBox())!;
    const name = (await control.textContent())?.trim();
    expect(box.height, `height of "${name}"`).toBeGreaterThanOrEqual(44);
    expect(box.width, `width of "${name}"`).toBeGreaterThanOrEqual(44);
  }
}

/** The card of the table's row that has `text`: it shows each cell under its column's name. */
const card = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** The column names a card shows beside its cells (`data-label`, drawn before each cell). */
async function labelsOf(row: Locator): Promise<string[]> {
  await expect(row).toBeVisible();
  return row
    .locator('[data-label]')
    .evaluateAll((cells) =>
      cells
        .filter((cell) => getComputedStyle(cell, '::before').content !== 'none')
        .map((cell) => cell.getAttribute('data-label')!),
    );
}

async function payWithTestCard(page: Page) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('1234');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Give Money' }).click();
  await expect(page.getByText('Congrats!!! Your Payment is completed')).toBeVisible();
}

/** Opens the folded side menu and checks where it says we are. */
async function expectMenuAt(page: Page, entry: string) {
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  const toggle = menu.getByRole('button', { name: new RegExp(`^Menu: ${entry}`) });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(menu.getByRole('link')).toHaveCount(0);
  await toggle.click();
  await expect(menu.getByRole('link', { name: entry })).toHaveAttribute('aria-current', 'page');
  await expectThumbSized(menu);
  await toggle.click();
}

test('a buyer reads every column of an order on a card, then pays one and cancels another', async ({
  page,
}) => {
  await signUpViaApi(page, 'Phone Buyer');
  const tool = (await (await page.request.get('/api/parts?limit=1')).json())[0] as {
    _id: string;
    name: string;
    minOrderQuantity: number;
  };
  for (const address of ['1 Site Road', '2 Site Road']) {
    const order = await page.request.post('/api/order', {
      data: { toolId: tool._id, quantity: tool.minOrderQuantity, address, number: '5550188' },
      headers: origin(),
    });
    expect(order.ok()).toBe(true);
  }

  await page.goto('/dashboard/myorder');
  await expect(page.getByRole('heading', { name: 'Here is the 2 tools that you ordered :-' })).toBeVisible();
  const first = card(page, '1 Site Road');
  expect(await labelsOf(first)).toEqual([
    'No.',
    'Image',
    'name',
    'price',
    'Quantity',
    'Address',
    'Phone',
    'transaction id',
    'Deliver',
  ]);
  await expect(first.getByText('Pay First')).toBeVisible();
  await expect(first.getByText('Pending..')).toBeVisible();
  await expectThumbSized(first);
  await expectNoSidewaysScroll(page);
  await expectMenuAt(page, 'My Order');
  await expectNoSeriousAxeFindings(page, 'My Order at 375 px');

  await card(page, '2 Site Road').getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog', { name: 'Are You Sure?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Order cancel successfully')).toBeVisible();
  await expect(card(page, '2 Site Road')).toHaveCount(0);

  await first.getByRole('link', { name: 'Payment' }).click();
  await expectMenuAt(page, 'My Order');
  await expectNoSidewaysScroll(page);
  await payWithTestCard(page);

  await page.goto('/dashboard/myorder');
  await expect(first.getByText(/^pi_test_/)).toBeVisible();
  await expect(first.getByText('Already Paid')).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('an admin ships and deletes orders, deletes a tool and promotes a user, each from its card', async ({
  page,
  browser,
  playwright,
}) => {
  const promoted = { name: 'Phonia Promotee', email: uniqueEmail('phonia'), password: 'Secret123' };
  const stranger = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const signedUp = await stranger.post('/api/auth/sign-up/email', { data: promoted, headers: origin() });
  expect(signedUp.ok()).toBe(true);
  await stranger.dispose();

  await signInViaApi(page.request, demoAdmin);
  const rivet = await addToolViaApi(page.request, {
    name: 'Phonewell Rivet',
    availableQuantity: 1000,
    minOrderQuantity: 1,
  });
  const doomed = await addToolViaApi(page.request, { name: 'Phonewell Doomed Clamp' });

  const buyerPage = await browser.newPage({ viewport: { width: 375, height: 800 } });
  const buyer = await signUpViaApi(buyerPage, 'Phone Orders');
  for (const address of ['10 Ship Street', '11 Delete Street']) {
    const order = await buyerPage.request.post('/api/order', {
      data: { toolId: rivet._id, quantity: 3, address, number: '5550177' },
      headers: origin(),
    });
    expect(order.ok()).toBe(true);
  }
  await buyerPage.goto('/dashboard/myorder');
  await card(buyerPage, '10 Ship Street').getByRole('link', { name: 'Payment' }).click();
  await payWithTestCard(buyerPage);
  await buyerPage.close();

  await page.goto(`/dashboard/manageOrder?q=${encodeURIComponent(buyer.email)}`);
  const shipped = card(page, '10 Ship Street');
  expect(await labelsOf(shipped)).toEqual([
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
  await expectThumbSized(shipped);
  await expectNoSidewaysScroll(page);
  await expectMenuAt(page, 'Manage Order');
  await expectNoSeriousAxeFindings(page, 'Manage Order at 375 px');
  await shipped.getByRole('button', { name: 'Ship' }).click();
  await expect(shipped.getByText('Delivery Done')).toBeVisible();

  const deleted = card(page, '11 Delete Street');
  await expectThumbSized(deleted);
  await deleted.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(deleted).toHaveCount(0);

  await page.goto('/dashboard/manageTools?q=Phonewell%20Doomed');
  const tool = card(page, doomed.name);
  expect(await labelsOf(tool)).toEqual([
    'No.',
    'Image',
    'Name',
    'price',
    'Stock',
    'Minimum-Order',
    'Details',
    'Manage',
  ]);
  await expectThumbSized(tool);
  await expectNoSidewaysScroll(page);
  await expectMenuAt(page, 'Manage Tools');
  await tool.getByRole('link', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/dashboard\/updateTool\//);
  await expectMenuAt(page, 'Manage Tools');
  await expectNoSidewaysScroll(page);
  await page.goBack();
  await tool.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(tool).toHaveCount(0);

  await page.goto(`/dashboard/user?q=${encodeURIComponent(promoted.email)}`);
  const user = card(page, promoted.email);
  expect(await labelsOf(user)).toEqual(['No.', 'Image', 'Name', 'Email', 'Role', 'Access']);
  await expectThumbSized(user);
  await expectNoSidewaysScroll(page);
  await expectMenuAt(page, 'All User');
  await expectNoSeriousAxeFindings(page, 'All User at 375 px');
  await user.getByRole('button', { name: `Promote ${promoted.name}` }).click();
  await expect(user.getByText('Admin', { exact: true })).toBeVisible();
});

test('on a desktop, a table too wide beside the side menu shows cards, and one that fits stays a table', async ({
  page,
  browser,
}) => {
  const buyerPage = await browser.newPage();
  await signUpViaApi(buyerPage, 'Desk Buyer');
  await bookNewestToolViaApi(buyerPage.request, '5 Desk Row');
  await buyerPage.close();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInViaApi(page.request, demoAdmin);
  await page.goto('/dashboard/manageTools');
  await expect(page.getByRole('heading', { name: /^Here is the \d+ Tool\(s\):-$/ })).toBeVisible();
  await expect(page.locator('table.data-table')).not.toHaveAttribute('data-cards');
  await expect(page.getByRole('columnheader', { name: 'Manage' })).toBeVisible();

  await page.goto('/dashboard/manageOrder');
  await expect(page.getByRole('heading', { name: /^Here is the \d+ order\(s\):-$/ })).toBeVisible();
  // Eleven columns do not fit beside the menu at 1280 px: as a table, the actions were cut off on the right.
  await expect(page.locator('table.data-table')).toHaveAttribute('data-cards');
  const rightEdges = await page
    .locator('table.data-table :is(button, a)')
    .evaluateAll((controls) => controls.map((control) => control.getBoundingClientRect().right));
  expect(rightEdges.length).toBeGreaterThan(0);
  expect(Math.max(...rightEdges)).toBeLessThanOrEqual(1280);
  await expectNoSidewaysScroll(page);
});
