import { expect, test, type Page } from '@playwright/test';
import {
  addToolViaApi,
  demoAdmin,
  origin,
  signIn,
  signInViaApi,
  signUpWith,
  uniqueEmail,
} from './support.ts';

// Enough rows for two pages of each table (Manage Tools 24 a page, Manage Order and All User 20), each set
// with a word of its own to search for.
const TOOLS = 25;
const ORDERS = 21;
const USERS = 22;
/** The orders' buyers: each may have 5 unpaid orders at a time (MAX_UNPAID_ORDERS), so five of them. */
const buyers = Array.from({ length: 5 }, () => ({
  name: 'Ordelia Brask',
  email: uniqueEmail('ordelia'),
  password: 'Secret123',
}));
const userEmails: string[] = [];

test.beforeAll(async ({ playwright }) => {
  const baseURL = process.env.E2E_BASE_URL;
  const admin = await playwright.request.newContext({ baseURL });
  await signInViaApi(admin, demoAdmin);
  for (let n = 1; n <= TOOLS; n += 1) await addToolViaApi(admin, { name: `Basaltine Clamp ${n}` });
  const rivet = await addToolViaApi(admin, {
    name: 'Orderwell Rivet',
    availableQuantity: 100_000,
    minOrderQuantity: 1,
  });
  await admin.dispose();

  const people = await playwright.request.newContext({ baseURL });
  for (let n = 1; n <= ORDERS; n += 1) {
    // Orders 1-5 by the first buyer, 6-10 by the second, and so on.
    if (n % 5 === 1) {
      const { name, ...account } = buyers[(n - 1) / 5]!;
      await signUpWith(people, name, account);
    }
    const order = await people.post('/api/order', {
      data: { toolId: rivet._id, quantity: n, address: '3 Rivet Row', number: '5550123' },
      headers: origin(),
    });
    expect(order.ok()).toBe(true);
  }
  for (let n = 1; n <= USERS; n += 1) {
    const email = uniqueEmail(`userina${n}`);
    userEmails.push(email);
    await signUpWith(people, `Userina Quartz ${n}`, { email, confirmed: false });
  }
  await people.dispose();
});

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name, level: 2 });
/** The row numbers (the No. column) of the table on the screen. */
const numbers = (page: Page) => page.locator('tbody tr > th');
const pages = (page: Page, table: string) => page.getByRole('navigation', { name: `${table} pages` });

test('Manage Tools searches by name and pages on the server', async ({ page }) => {
  await signIn(page, demoAdmin);
  await page.goto('/dashboard/manageTools');
  await expect(heading(page, /^Here is the \d+ Tool\(s\):-$/)).toBeVisible();
  const everything = await heading(page, /Tool\(s\)/).textContent();

  await page.getByRole('searchbox', { name: 'Search tools by name' }).fill('basaltine clamp');
  await expect(heading(page, `Here is the ${TOOLS} Tool(s):-`)).toBeVisible();
  await expect(numbers(page)).toHaveCount(24);
  await expect(page.getByRole('row').nth(1)).toContainText(`Basaltine Clamp ${TOOLS}`);

  await pages(page, 'Manage Tools').getByRole('link', { name: /Next/ }).click();
  await expect(page).toHaveURL(/\?q=basaltine\+clamp&page=2$/);
  await expect(numbers(page)).toHaveText(['25']);
  await expect(page.getByRole('row').nth(1)).toContainText('Basaltine Clamp 1');
  await expect(page.getByRole('row').nth(1).getByRole('link', { name: 'Update' })).toBeVisible();
  await page.reload();
  await expect(numbers(page)).toHaveText(['25']);

  await page.getByRole('searchbox', { name: 'Search tools by name' }).fill('basaltine qqqzz');
  await expect(heading(page, 'No tools match “basaltine qqqzz”')).toBeVisible();
  await page.getByRole('button', { name: 'Clear the search' }).click();
  await expect(heading(page, everything!)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/manageTools$/);
});

test('Manage Order searches by buyer, e-mail or product, filters by state and pages on the server', async ({
  page,
}) => {
  await signIn(page, demoAdmin);
  await page.goto('/dashboard/manageOrder');
  await expect(heading(page, /^Here is the \d+ order\(s\):-$/)).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search by buyer, e-mail or product' });

  await search.fill('ordelia');
  await expect(heading(page, `Here is the ${ORDERS} order(s):-`)).toBeVisible();
  await expect(numbers(page)).toHaveCount(20);
  await search.fill(buyers[1]!.email);
  await expect(heading(page, 'Here is the 5 order(s):-')).toBeVisible();
  await search.fill('orderwell rivet');
  await expect(heading(page, `Here is the ${ORDERS} order(s):-`)).toBeVisible();

  const states = page.getByRole('group', { name: 'State' });
  await states.getByRole('radio', { name: 'Paid', exact: true }).check();
  await expect(heading(page, 'No orders match “orderwell rivet” among the Paid orders')).toBeVisible();
  await states.getByRole('radio', { name: 'Unpaid' }).check();
  await expect(page).toHaveURL(/\?q=orderwell\+rivet&state=unpaid$/);
  await expect(heading(page, `Here is the ${ORDERS} order(s):-`)).toBeVisible();

  // The oldest order (1 piece) is alone on page 2; deleting it leaves one page, which the table goes to.
  await pages(page, 'Manage Order').getByRole('link', { name: 'Page 2' }).click();
  await expect(numbers(page)).toHaveText(['21']);
  const row = page.getByRole('row').nth(1);
  await expect(row).toContainText('Ordelia Brask');
  await expect(row.getByText("can't receive the money yet")).toBeVisible();
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Are You Sure?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Order delete successfully')).toBeVisible();
  await expect(heading(page, `Here is the ${ORDERS - 1} order(s):-`)).toBeVisible();
  await expect(page).toHaveURL(/\?q=orderwell\+rivet&state=unpaid$/);
  await expect(numbers(page)).toHaveCount(20);
  await expect(pages(page, 'Manage Order')).toHaveCount(0);

  await search.fill('nobody-at-all');
  await page.getByRole('button', { name: 'Clear the search and the state' }).click();
  await expect(page).toHaveURL(/\/dashboard\/manageOrder$/);
  await expect(states.getByRole('radio', { name: 'All' })).toBeChecked();
});

test('All User searches by name or e-mail and pages on the server', async ({ page }) => {
  await signIn(page, demoAdmin);
  await page.goto('/dashboard/user');
  await expect(heading(page, /^Total User : \d+$/)).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search by name or e-mail' });

  await search.fill('userina quartz');
  await expect(heading(page, `Total User : ${USERS}`)).toBeVisible();
  await expect(numbers(page)).toHaveCount(20);
  await pages(page, 'All User').getByRole('link', { name: /Next/ }).click();
  await expect(page).toHaveURL(/\?q=userina\+quartz&page=2$/);
  await expect(numbers(page)).toHaveText(['21', '22']);
  await expect(page.getByRole('row').nth(2)).toContainText(`Userina Quartz ${USERS}`);
  await page.goBack();
  await expect(numbers(page)).toHaveCount(20);
  await expect(page.getByRole('row').nth(1)).toContainText('Userina Quartz 1');

  await search.fill(userEmails[6]!);
  await expect(heading(page, 'Total User : 1')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: userEmails[6]! });
  await row.getByRole('button', { name: 'Promote Userina Quartz 7' }).click();
  await expect(page.getByText('SuccessFully make a admin')).toBeVisible();
  await expect(row.getByText('Admin', { exact: true })).toBeVisible();

  await search.fill('userina nobody');
  await expect(heading(page, 'No users match “userina nobody”')).toBeVisible();
  await page.getByRole('button', { name: 'Clear the search' }).click();
  await expect(heading(page, /^Total User : \d+$/)).toBeVisible();
});
