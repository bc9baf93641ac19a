import { expect, test, type Page } from '@playwright/test';
import { demoAdmin, expectNoSeriousAxeFindings, signIn, signUpViaApi } from './support.ts';

// A test audits up to ten whole pages with axe: 20 to 33 s each with Chromium 156 on a 2-core machine.
test.describe.configure({ timeout: 90_000 });

interface Tool {
  _id: string;
  minOrderQuantity: number;
}

/**
 * Waits until the screen has finished loading, then fails on any serious or critical axe finding (on any
 * finding at all with `everything`).
 */
async function checkPage(
  page: Page,
  path: string,
  ready: (page: Page) => Promise<void>,
  { everything = false } = {},
) {
  await page.goto(path);
  await ready(page);
  await expect(page.locator('main .loading-spinner')).toHaveCount(0);
  await expectNoSeriousAxeFindings(page, path, { everything });
  const title = await page.title();
  const description = (await page.locator('meta[name="description"]').getAttribute('content')) ?? '';
  expect(title, `title of ${path}`).toMatch(/Forgeline Tools & Parts$/);
  expect(description.length, `description of ${path}`).toBeGreaterThan(20);
  return { title, description };
}

const heading = (name: string | RegExp, level?: number) => async (page: Page) =>
  expect(page.getByRole('heading', { name, ...(level && { level }) }).first()).toBeVisible();

const newestTool = async (page: Page) =>
  ((await (await page.request.get('/api/parts?limit=1')).json()) as Tool[])[0]!;

test('public pages: no axe findings, each with its own title and description', async ({ page }) => {
  const pages: Array<[string, (page: Page) => Promise<void>]> = [
    [
      '/',
      async (p) => {
        await expect(p.getByRole('list', { name: 'Tools' }).getByRole('article')).toHaveCount(6);
        await expect(p.getByRole('form', { name: 'Get In Touch' })).toBeVisible();
        await expect(p.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible();
      },
    ],
    ['/parts', async (p) => expect(p.getByRole('link', { name: 'Buy Now' }).first()).toBeVisible()],
    ['/contact', heading('Contact', 1)],
    ['/blog', async (p) => expect(p.locator('article').first()).toBeVisible()],
    ['/my-portfolio', async (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()],
    ['/signin', heading('Sign In', 1)],
    ['/signup', heading('Sign Up', 1)],
    ['/reset-password?token=not-a-token', heading(/password/i, 1)],
    ['/verify-email?token=not-a-token', heading('Confirm your e-mail', 1)],
    ['/no-such-page', async (p) => expect(p.getByRole('img')).toBeVisible()],
  ];
  const seen = new Map<string, string>();
  for (const [path, ready] of pages) {
    // As Lighthouse's accessibility score counts them; the not-found page is one image and no text (spec).
    const { title, description } = await checkPage(page, path, ready, {
      everything: path !== '/no-such-page',
    });
    expect(seen.get(title), `title of ${path}`).toBeUndefined();
    expect([...seen.values()].includes(description), `description of ${path}`).toBe(false);
    seen.set(title, description);
  }
});

test('a buyer’s screens: no serious axe findings, each with a title and description', async ({ page }) => {
  await signUpViaApi(page, 'Axel Access');
  const tool = await newestTool(page);
  const order = await page.request.post('/api/order', {
    data: { toolId: tool._id, quantity: tool.minOrderQuantity, address: '1 Mill Road', number: '5550100' },
    headers: { origin: process.env.E2E_BASE_URL! },
  });
  const { insertedId } = (await order.json()) as { insertedId: string };
  const me = (await (await page.request.get('/api/auth/get-session')).json()) as { user: { id: string } };

  await checkPage(page, `/parts/${tool._id}`, heading('Purchase'));
  await checkPage(page, '/dashboard', heading(/Welcome to your dashboard/));
  await checkPage(page, '/dashboard/profile', heading('Axel Access'));
  await checkPage(page, `/dashboard/my-profile/edit-profile/${me.user.id}`, heading(/Edit/));
  await checkPage(page, '/dashboard/myorder', heading(/Here is the 1 tool that you ordered/));
  await checkPage(page, '/dashboard/review', heading(/how did we do/));
  await checkPage(page, `/dashboard/payment/${insertedId}`, async (p) =>
    expect(p.getByRole('button', { name: 'Give Money' })).toBeVisible(),
  );
  await page.getByRole('button', { name: 'Sign Out' }).click();
});

test('an administrator’s screens: no serious axe findings, each with a title and description', async ({
  page,
}) => {
  await signIn(page, demoAdmin);
  const tool = await newestTool(page);
  await checkPage(page, '/dashboard/user', heading(/Total User/));
  await checkPage(page, '/dashboard/manageOrder', heading(/order/i));
  await checkPage(page, '/dashboard/manageTools', heading(/Here is the \d+ Tool/));
  await checkPage(page, '/dashboard/mail', heading(/Every mail was delivered|could not be delivered/));
  await checkPage(page, '/dashboard/reviews', heading(/review\(s\)|No reviews yet/));
  await checkPage(page, '/dashboard/add', async (p) =>
    expect(p.getByRole('button', { name: 'Add' })).toBeVisible(),
  );
  await checkPage(page, `/dashboard/updateTool/${tool._id}`, async (p) =>
    expect(p.getByRole('button', { name: 'Update' })).toBeVisible(),
  );
});

test('the confirmation dialog and the mobile menu work from the keyboard, with a visible focus ring', async ({
  page,
}) => {
  await signIn(page, demoAdmin);
  await page.goto('/dashboard/manageTools');
  await page.getByRole('button', { name: 'Delete' }).first().focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Are You Sure?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'No' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
  expect(outline).not.toBe('none');

  const toggle = page.getByRole('button', { name: 'Open menu' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const menu = page.locator('#mobile-menu');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('link', { name: 'Home' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/parts$/);
  await expect(menu).toBeHidden();
});

test('a screen whose code fails to load shows the error page inside the site frame', async ({ page }) => {
  await page.route(/\/assets\/contact-page-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'Something went wrong', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible();
});
