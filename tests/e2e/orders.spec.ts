import { expect, test, type Page } from '@playwright/test';
import { PRICE_RISEN_MESSAGE } from '#shared/schemas/orders.ts';
import {
  addToolViaApi,
  demoAdmin,
  origin,
  signIn,
  signInViaApi,
  signUpViaApi,
  TOOL_FORM,
} from './support.ts';

interface Tool {
  _id: string;
  name: string;
  price: number;
  minOrderQuantity: number;
  availableQuantity: number;
}

async function newestTool(page: Page): Promise<Tool> {
  return ((await (await page.request.get('/api/parts?limit=1')).json()) as Tool[])[0]!;
}

/** Books the tool at its minimum quantity through the tool page; answers the tool. */
async function buyAtMinimum(page: Page): Promise<Tool> {
  const tool = await newestTool(page);
  await page.goto(`/parts/${tool._id}`);
  await expect(page.getByLabel('Order quantity')).toHaveValue(String(tool.minOrderQuantity));
  await page.getByLabel('Address').fill('7 Foundry Lane, Sheffield');
  await page.getByLabel('Contact number').fill('+44 114 555 0199');
  await page.getByRole('button', { name: 'Purchase' }).click();
  await expect(page.getByText('Your order is booked')).toBeVisible();
  await expect(page.getByLabel('Address')).toHaveValue('');
  return tool;
}

async function payWith(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill('1234');
  await page.getByLabel('CVC').fill('123');
  await expect(page.getByRole('button', { name: 'Give Money' })).toBeEnabled();
  await page.getByRole('button', { name: 'Give Money' }).click();
}

test('the quantity form enforces the minimum and the stock, as toasts addressed to the buyer', async ({
  page,
}) => {
  await signUpViaApi(page, 'Quantity Tester');
  const tool = await newestTool(page);
  await page.goto(`/parts/${tool._id}`);
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
  await page.getByRole('button', { name: 'Set quantity' }).click();
  await expect(page.getByText('Give the quantity value')).toBeVisible();
  await quantity.fill(String(tool.minOrderQuantity - 1));
  await page.getByRole('button', { name: 'Set quantity' }).click();
  await expect(
    page.getByText(`Sorry Quantity Tester !!You have to order Minimum  quantity  ${tool.minOrderQuantity}`),
  ).toBeVisible();
  await quantity.fill(String(tool.availableQuantity + 1));
  await page.getByRole('button', { name: 'Set quantity' }).click();
  await expect(page.getByText('Sorry Quantity Tester !! We dont have enough quantity')).toBeVisible();
  await expect(quantity).toHaveValue('');
  await quantity.fill(String(tool.minOrderQuantity + 2));
  await page.getByRole('button', { name: 'Set quantity' }).click();
  await expect(page.getByLabel('Order quantity')).toHaveValue(String(tool.minOrderQuantity + 2));

  await page.getByRole('button', { name: 'Purchase' }).click();
  await expect(page.getByText('Address is required')).toBeVisible();
  await expect(page.getByText('Number is required')).toBeVisible();
  await page.getByLabel('Address').fill('x');
  await expect(page.getByText('Minimum 2 character required')).toBeVisible();
});

test('a price raised while the buyer looks is not booked unseen: the new total shows, and then books', async ({
  page,
  playwright,
}) => {
  const admin = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  await signInViaApi(admin, demoAdmin);
  const tool = await addToolViaApi(admin, { name: `Repriced Rasp ${Date.now()}` });
  await signUpViaApi(page, 'Watchful Buyer');
  await page.goto(`/parts/${tool._id}`);
  await expect(page.getByLabel('Total price')).toHaveValue('$50.00');

  const repriced = await admin.patch(`/api/parts/${tool._id}`, {
    data: { ...TOOL_FORM, name: tool.name, price: 6, version: tool.version, loadedAvailableQuantity: 500 },
    headers: origin(),
  });
  expect(repriced.ok()).toBe(true);
  await admin.dispose();

  await page.getByLabel('Address').fill('7 Foundry Lane, Sheffield');
  await page.getByLabel('Contact number').fill('+44 114 555 0199');
  await page.getByRole('button', { name: 'Purchase' }).click();
  await expect(page.getByText(PRICE_RISEN_MESSAGE)).toBeVisible();
  await expect(page.getByLabel('Total price')).toHaveValue('$60.00');
  await page.getByRole('button', { name: 'Purchase' }).click();
  await expect(page.getByText('Your order is booked')).toBeVisible();

  await page.goto('/dashboard/myorder');
  await expect(page.getByRole('row').filter({ hasText: tool.name }).getByText('$60.00')).toBeVisible();
});

test('a purchase whose answer was lost, tried again, is booked once', async ({ page, playwright }) => {
  const admin = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  await signInViaApi(admin, demoAdmin);
  const tool = await addToolViaApi(admin, { name: `Cut-Off Chisel ${Date.now()}` });
  await admin.dispose();
  await signUpViaApi(page, 'Patchy Signal');
  await page.goto(`/parts/${tool._id}`);
  // The shop books the first try, but the connection drops before its answer reaches the browser.
  let booked = 0;
  await page.route('**/api/order', async (route) => {
    const answer = await route.fetch();
    booked += answer.ok() ? 1 : 0;
    await route.abort('connectionreset');
  });
  await page.getByLabel('Address').fill('7 Foundry Lane, Sheffield');
  await page.getByLabel('Contact number').fill('+44 114 555 0199');
  await page.getByRole('button', { name: 'Purchase' }).click();
  await expect(
    page.getByText('We could not reach the shop: check your connection and try again'),
  ).toBeVisible();
  expect(booked).toBe(1);
  await page.unroute('**/api/order');
  await page.getByRole('button', { name: 'Purchase' }).click();
  await expect(page.getByText('Your order is booked')).toBeVisible();

  await page.goto('/dashboard/myorder');
  await expect(page.getByRole('row').filter({ hasText: tool.name })).toHaveCount(1);
  const stock = (await (await page.request.get(`/api/parts/${tool._id}`)).json()) as Tool;
  expect(stock.availableQuantity).toBe(tool.availableQuantity - tool.minOrderQuantity);
});

test('buy at the minimum, see it in My Order, pay with the success card, see Already Paid', async ({
  page,
}) => {
  await signUpViaApi(page, 'Paying Buyer');
  const tool = await buyAtMinimum(page);
  await page.goto('/dashboard/myorder');
  await expect(page.getByRole('heading', { name: 'Here is the 1 tool that you ordered :-' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: tool.name });
  await expect(row.getByText('Pay First')).toBeVisible();
  await expect(row.getByText('Pending..')).toBeVisible();
  // Unpaid orders keep their stock for 48 hours by default.
  await expect(row.getByText(/^Held until /)).toBeVisible();
  await row.getByRole('link', { name: 'Payment' }).click();

  await expect(page.getByText('Hello, Paying Buyer')).toBeVisible();
  await expect(page.getByText('Please pay First:')).toBeVisible();
  await expect(page.getByText('4242 4242 4242 4242')).toBeVisible();
  await payWith(page, '4242424242424242');
  await expect(page.getByText('Congrats!!! Your Payment is completed')).toBeVisible();
  await expect(page.getByText(/Transaction id: pi_test_/)).toBeVisible();

  await page.goto('/dashboard/myorder');
  await expect(row.getByText('Already Paid')).toBeVisible();
  await expect(row.getByText("Can't Cancel")).toBeVisible();
  await expect(row.getByText(/^pi_test_/)).toBeVisible();
  await expect(row.getByText(/^Held until /)).toHaveCount(0);
});

test('a declined card shows its message in red under the form', async ({ page }) => {
  await signUpViaApi(page, 'Declined Buyer');
  await buyAtMinimum(page);
  await page.goto('/dashboard/myorder');
  await page.getByRole('link', { name: 'Payment' }).click();
  await payWith(page, '4000 0000 0000 0002');
  const message = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
  await expect(message).toBeVisible();
  await expect(message).toHaveClass(/text-error/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4241');
  await page.getByRole('button', { name: 'Give Money' }).click();
  await expect(page.getByText('Your card number is invalid.')).toBeVisible();
});

test('cancel an unpaid order through the dialog', async ({ page }) => {
  await signUpViaApi(page, 'Cancelling Buyer');
  await buyAtMinimum(page);
  await page.goto('/dashboard/myorder');
  await page.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are You Sure?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(page.getByText('Ok,Try next time.')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Order cancel successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: "You Don't Have any order" })).toBeVisible();
});

test('an admin ships a paid order and the buyer then sees it on the way', async ({ page, browser }) => {
  const buyer = await signUpViaApi(page, 'Shipping Buyer');
  const tool = await buyAtMinimum(page);
  await page.goto('/dashboard/myorder');
  await page.getByRole('link', { name: 'Payment' }).click();
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByText('Congrats!!! Your Payment is completed')).toBeVisible();

  const adminPage = await browser.newPage();
  await signIn(adminPage, demoAdmin);
  await adminPage.goto('/dashboard/manageOrder');
  await expect(adminPage.getByRole('heading', { name: /^Here is the \d+ order\(s\):-$/ })).toBeVisible();
  const row = adminPage.getByRole('row').filter({ hasText: buyer.email });
  await expect(row.getByText("receive'd Money")).toBeVisible();
  // Paid through the built-in test gateway: the administrator sees that no money moved.
  await expect(row.getByText('Test payment')).toBeVisible();
  await row.getByRole('button', { name: 'Ship' }).click();
  await expect(adminPage.getByText('On the way for Delivery')).toBeVisible();
  await expect(row.getByText('Delivery Done')).toBeVisible();
  await adminPage.close();

  await page.goto('/dashboard/myorder');
  await expect(
    page.getByRole('row').filter({ hasText: tool.name }).getByText('Your Product is on the way.'),
  ).toBeVisible();
});
