import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { demoBuyer, signIn } from './support.ts';

interface Tool {
  _id: string;
  name: string;
}

async function allTools(page: Page): Promise<Tool[]> {
  const response = await page.request.get('/api/parts');
  expect(response.ok()).toBe(true);
  return (await response.json()) as Tool[];
}

function toolCards(page: Page) {
  return page.getByRole('list', { name: 'Tools' }).getByRole('article');
}

test('the home page shows the six newest tools, newest first', async ({ page }) => {
  const tools = await allTools(page);
  expect(tools.length).toBeGreaterThanOrEqual(12);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Latest Tools' })).toBeVisible();
  await expect(toolCards(page)).toHaveCount(6);
  await expect(toolCards(page).getByRole('heading')).toHaveText(tools.slice(0, 6).map((tool) => tool.name));
  const first = toolCards(page).first();
  await expect(first.getByText(/^\$\d[\d,]*\.\d{2}/)).toBeVisible();
  await expect(first.getByText('In stock')).toBeVisible();
  await expect(first.getByText('Minimum order')).toBeVisible();
  await expect(first.getByRole('img')).toHaveAttribute('alt', tools[0]!.name);
});

test('More Tools leads to /parts, which lists every tool newest first, a page at a time', async ({
  page,
}) => {
  const tools = await allTools(page);
  await page.goto('/');
  await page.getByRole('link', { name: 'More Tools' }).click();
  await expect(page).toHaveURL(/\/parts$/);
  await expect(page.getByRole('heading', { name: 'All Tools', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `${tools.length} tools` })).toBeVisible();
  // The first page is the 24 newest; the rest follow on the next pages, in the same order.
  const firstPage = tools.slice(0, 24);
  await expect(toolCards(page).getByRole('heading')).toHaveText(firstPage.map((tool) => tool.name));
  const pages = page.getByRole('navigation', { name: 'Catalogue pages' });
  if (tools.length > 24) {
    await pages.getByRole('link', { name: /Next/ }).click();
    await expect(toolCards(page).getByRole('heading').first()).toHaveText(tools[24]!.name);
  } else {
    await expect(pages).toHaveCount(0);
  }
  await expect(page).toHaveTitle(/All Tools/);
});

test('Buy Now opens the tool at /parts/{id}, after signing in', async ({ page }) => {
  const [newest] = await allTools(page);
  await page.goto('/');
  await toolCards(page)
    .first()
    .getByRole('link', { name: /Buy Now/ })
    .click();
  await expect(page).toHaveURL(/\/signin$/);
  await signIn(page, demoBuyer);
  await page.goto('/');
  await toolCards(page)
    .first()
    .getByRole('link', { name: /Buy Now/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/parts/${newest!._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: newest!.name })).toBeVisible();
});

test('/parts shows three columns on a wide screen', async ({ page }) => {
  await page.goto('/parts');
  const cards = toolCards(page);
  await expect(cards).not.toHaveCount(0);
  const tops = await Promise.all([0, 1, 2, 3].map(async (i) => (await cards.nth(i).boundingBox())!.y));
  expect(tops[1]).toBe(tops[0]);
  expect(tops[2]).toBe(tops[0]);
  expect(tops[3]).toBeGreaterThan(tops[0]!);
});

test('an unknown path shows the animated image and no text', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(200);
  const notFound = page.getByTestId('not-found');
  const image = notFound.getByRole('img');
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', /not-found\.svg$/);
  // Visible as soon as it is laid out; loaded a moment later.
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  const { width } = (await notFound.boundingBox())!;
  expect(width).toBe(page.viewportSize()!.width);
  await expect(notFound).toHaveText('');
});

test('the navigation bar and footer carry the spec texts', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Home', 'Tools', 'Contact', 'Sign In']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await expect(page.getByText('Get Free Shipping – Free 30 Day Money Back Guarantee')).toBeVisible();
  const footer = page.getByRole('contentinfo');
  for (const heading of ['Company', 'Help center', 'Legal', 'Download']) {
    await expect(footer.getByRole('heading', { name: heading })).toBeVisible();
  }
  for (const link of [
    'About',
    'Careers',
    'Brand Center',
    'Blog',
    'Discord Server',
    'Privacy Policy',
    'Licensing',
    'Terms & Conditions',
    'iOS',
    'Android',
    'Windows',
    'MacOS',
  ]) {
    await expect(footer.getByRole('link', { name: link, exact: true })).toBeVisible();
  }
  await expect(footer.getByText(/© 2022/)).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the mobile menu opens and closes', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('Get Free Shipping – Free 30 Day Money Back Guarantee')).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeHidden();
    await toggle.click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Tools' })).toBeVisible();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Tools' }).click();
    await expect(page).toHaveURL(/\/parts$/);
    await expect(menu).toBeHidden();
  });

  test('tool cards stack in one column', async ({ page }) => {
    await page.goto('/parts');
    const cards = toolCards(page);
    await expect(cards).not.toHaveCount(0);
    const first = (await cards.nth(0).boundingBox())!;
    const second = (await cards.nth(1).boundingBox())!;
    expect(second.y).toBeGreaterThan(first.y + first.height - 1);
  });
});

test('the server sends the app with the right caching, and the page policies with its pages only', async ({
  request,
}) => {
  const index = await request.get('/');
  expect(index.headers()['cache-control']).toBe('no-cache');
  expect(index.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(index.headers()['x-frame-options']).toBe('SAMEORIGIN');
  expect(index.headers()['x-dns-prefetch-control']).toBe('off');
  const html = await index.text();
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  const asset = await request.get(script!, { headers: { 'accept-encoding': 'br' } });
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers()['content-encoding']).toBe('br');
  expect(asset.headers()['x-content-type-options']).toBe('nosniff');
  expect(asset.headers()['content-security-policy']).toBeUndefined();
  // Never revalidated, so without validators; none of a page's own policies.
  for (const name of ['etag', 'last-modified', 'accept-ranges', 'x-dns-prefetch-control'])
    expect(asset.headers()[name], name).toBeUndefined();
  const favicon = await request.get('/favicon.svg');
  expect(favicon.headers()['cache-control']).toBe('public, max-age=86400');
  expect(favicon.headers()['etag']).toBeTruthy();
  const deepLink = await request.get('/dashboard/profile');
  expect(deepLink.headers()['content-type']).toMatch(/^text\/html/);
  const unknownApi = await request.get('/api/nope', { headers: { accept: 'text/html' } });
  expect(unknownApi.status()).toBe(404);
  expect(await unknownApi.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
});

test('the first /parts page loads at most 60 KB of scripts and style (gzip): no toast library, no dashboard style', async ({
  page,
}) => {
  const assets: Array<Promise<{ path: string; gzip: number; text: string }>> = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    assets.push(
      response.body().then((body) => ({
        path: new URL(response.url()).pathname,
        gzip: gzipSync(body, { level: 9 }).length,
        text: body.toString(),
      })),
    );
  });
  await page.goto('/parts');
  await expect(page.getByRole('heading', { name: 'All Tools', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const loaded = await Promise.all(assets);
  expect(loaded.reduce((sum, { gzip }) => sum + gzip, 0)).toBeLessThanOrEqual(60 * 1024);
  // react-hot-toast's styles engine, and the dashboard's side menu.
  expect(loaded.filter(({ text }) => text.includes('_goober')).map(({ path }) => path)).toEqual([]);
  expect(loaded.filter(({ text }) => text.includes('.menu-active')).map(({ path }) => path)).toEqual([]);
});

test('a link opens its page at the top, paths match in any case, and the dashboard keeps its menu from one screen to the next', async ({
  page,
}) => {
  await page.goto('/');
  const contact = page.getByRole('contentinfo').getByRole('link', { name: 'Contact Us', exact: true });
  await contact.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await contact.click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goto('/Parts');
  await expect(page.getByRole('heading', { name: 'All Tools', level: 1 })).toBeVisible();

  await signIn(page, demoBuyer);
  await page.goto('/dashboard/myorder');
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(menu).toBeVisible();
  await menu.evaluate((element) => element.setAttribute('data-mounted-before', ''));
  await menu.getByRole('link', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(page.getByRole('heading', { name: demoBuyer.name, level: 2 })).toBeVisible();
  await expect(menu).toHaveAttribute('data-mounted-before', '');
});
