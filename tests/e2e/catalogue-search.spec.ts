import { expect, test, type Page } from '@playwright/test';
import { addToolViaApi, demoAdmin, signInViaApi } from './support.ts';

// 26 tools of one make: "Wolframite Hex Bolt M10 x n" at $n, every fifth out of stock (none to order), the
// newest (n = 26) last. A page holds 24.
const MAKE = 'Wolframite';
const name = (n: number) => `${MAKE} Hex Bolt M10 x ${n}`;
const COUNT = 26;

test.beforeAll(async ({ playwright }) => {
  const admin = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  await signInViaApi(admin, demoAdmin);
  for (let n = 1; n <= COUNT; n += 1) {
    await addToolViaApi(admin, {
      name: name(n),
      price: n,
      availableQuantity: n % 5 === 0 ? 0 : 1000,
      minOrderQuantity: 10,
      details: `Zinc-plated grade 8.8 bolt, batch ${n}.`,
    });
  }
  await admin.dispose();
});

const cards = (page: Page) =>
  page.getByRole('list', { name: 'Tools' }).getByRole('article').getByRole('heading');
const count = (page: Page) => page.getByRole('status').filter({ hasText: /^[\d,]+ tools?$/ });
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search tools' });
const names = (...ns: number[]) => ns.map(name);
const range = (from: number, to: number) =>
  Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => (from < to ? from + i : from - i));

test('/parts searches (typos, any word order), sorts, filters, pages, reloads and goes back', async ({
  page,
}) => {
  await page.goto('/parts');
  await expect(count(page)).toHaveText(/^\d+ tools$/);
  const everything = await count(page).textContent();

  // A small typo, typed as a person types: one history entry for the whole search.
  await search(page).pressSequentially('wolframte', { delay: 40 });
  await expect(page).toHaveURL(/\/parts\?q=wolframte$/);
  await expect(count(page)).toHaveText(`${COUNT} tools`);
  await expect(cards(page)).toHaveText(names(...range(26, 3)));

  // The words in another order than the name's.
  await search(page).fill('m10 bolt wolframite hex');
  await expect(page).toHaveURL(/\?q=m10\+bolt\+wolframite\+hex$/);
  await expect(count(page)).toHaveText(`${COUNT} tools`);

  await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/\?q=m10\+bolt\+wolframite\+hex&sort=price-asc$/);
  await expect(cards(page)).toHaveText(names(...range(1, 24)));
  await expect(cards(page).first()).toHaveText(name(1));

  const pages = page.getByRole('navigation', { name: 'Catalogue pages' });
  await pages.getByRole('link', { name: /Next/ }).click();
  await expect(page).toHaveURL(/&sort=price-asc&page=2$/);
  await expect(cards(page)).toHaveText(names(25, 26));
  await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

  // Reload: the same list, and the controls say what it is.
  await page.reload();
  await expect(cards(page)).toHaveText(names(25, 26));
  await expect(search(page)).toHaveValue('m10 bolt wolframite hex');
  await expect(page.getByLabel('Sort by')).toHaveValue('price-asc');
  await expect(count(page)).toHaveText(`${COUNT} tools`);

  // Back: the first page of the same list, then the search before the sort.
  await page.goBack();
  await expect(page).toHaveURL(/&sort=price-asc$/);
  await expect(cards(page)).toHaveText(names(...range(1, 24)));
  await page.goBack();
  await expect(page).toHaveURL(/\?q=m10\+bolt\+wolframite\+hex$/);
  await expect(cards(page).first()).toHaveText(name(26));
  await expect(page.getByLabel('Sort by')).toHaveValue('newest');

  // Filters: what can be ordered now, then a price range; each from page 1.
  await page.getByLabel('In stock only').check();
  await expect(page).toHaveURL(/&inStock=true$/);
  await expect(count(page)).toHaveText('21 tools');
  await page.getByLabel('Min', { exact: true }).fill('5');
  await expect(count(page)).toHaveText('17 tools');
  await page.getByLabel('Max', { exact: true }).fill('10');
  await expect(page).toHaveURL(/&inStock=true&minPrice=5&maxPrice=10$/);
  await expect(count(page)).toHaveText('4 tools');
  await expect(cards(page)).toHaveText(names(9, 8, 7, 6));
  await expect(page.getByRole('navigation', { name: 'Catalogue pages' })).toHaveCount(0);

  await page.goBack();
  await expect(page).toHaveURL(/&inStock=true&minPrice=5$/);
  await expect(count(page)).toHaveText('17 tools');
  await expect(page.getByLabel('Max', { exact: true })).toHaveValue('');

  // Nothing found: said so, with a way back to everything.
  await search(page).fill('wolframite qqqzzz');
  await expect(page.getByText('No tools match your search and filters.')).toBeVisible();
  await expect(count(page)).toHaveText('0 tools');
  await page.getByRole('button', { name: 'Clear search and filters' }).last().click();
  await expect(page).toHaveURL(/\/parts$/);
  await expect(count(page)).toHaveText(everything!);
  await expect(search(page)).toHaveValue('');
  await expect(page.getByLabel('In stock only')).not.toBeChecked();
  await expect(page.getByLabel('Min', { exact: true })).toHaveValue('');
});

test('a shared link shows the list it names; a page past the end shows the last one', async ({ page }) => {
  await page.goto('/parts?q=wolframite&sort=price-desc&page=2');
  await expect(count(page)).toHaveText(`${COUNT} tools`);
  await expect(cards(page)).toHaveText(names(2, 1));
  await expect(page.getByLabel('Sort by')).toHaveValue('price-desc');

  await page.goto('/parts?q=wolframite&page=5');
  await expect(page).toHaveURL(/\?q=wolframite&page=2$/);
  await expect(cards(page)).toHaveText(names(2, 1));
});
