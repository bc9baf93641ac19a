import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Tool, ToolInput } from '#shared/schemas/tools.ts';
import { readOutbox } from '#server/testing/outbox.ts';

/** The demo accounts that the embedded default seeds (README: demo only). */
export const demoAdmin = { email: 'admin@forgeline.example', password: 'Admin2022', name: 'Demo Admin' };
export const demoBuyer = { email: 'buyer@forgeline.example', password: 'Buyer2022', name: 'Demo Buyer' };

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
}

/** The Origin header of a request from the shop's own pages (Better Auth and the write routes ask for it). */
export const origin = () => ({ origin: process.env.E2E_BASE_URL! });

/** Signs `request` (a page's, or a context of its own) in through the API. */
export async function signInViaApi(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post('/api/auth/sign-in/email', { data: account, headers: origin() });
  expect(response.ok()).toBe(true);
}

/** A valid tool, but for its name. */
export const TOOL_FORM = {
  price: 5,
  availableQuantity: 500,
  minOrderQuantity: 10,
  details: 'Drop-forged, chrome vanadium.',
  image: '/images/tools/adjustable-wrench.svg',
};

/**
 * Adds a tool through the API as the administrator `request` is signed in as; answers it as GET /api/parts/{id}
 * does.
 */
export async function addToolViaApi(
  request: APIRequestContext,
  tool: Partial<ToolInput> & { name: string },
): Promise<Tool> {
  const added = await request.post('/api/parts', { data: { ...TOOL_FORM, ...tool }, headers: origin() });
  expect(added.ok()).toBe(true);
  const { insertedId } = (await added.json()) as { insertedId: string };
  return (await (await request.get(`/api/parts/${insertedId}`)).json()) as Tool;
}

/** Orders a tool as `request`'s account, which may then review, and posts `reviews` in turn; answers their ids. */
export async function postReviewsViaApi(
  request: APIRequestContext,
  reviews: Array<{ customRating: number; review: string }>,
) {
  await bookNewestToolViaApi(request, '9 Forge Row');
  const ids: string[] = [];
  for (const review of reviews) {
    const posted = await request.post('/api/review', { data: review, headers: origin() });
    expect(posted.ok()).toBe(true);
    ids.push(((await posted.json()) as { insertedId: string }).insertedId);
  }
  return ids;
}

/**
 * Creates an account through the API (as the sign-up screen would), signed in on `request`; unless
 * `confirmed` is false, its address is then confirmed through the mailed link (only then may it order).
 */
export async function signUpWith(
  request: APIRequestContext,
  name: string,
  { email = uniqueEmail('user'), password = 'Secret123', confirmed = true } = {},
) {
  const response = await request.post('/api/auth/sign-up/email', {
    data: { name, email, password },
    headers: { origin: process.env.E2E_BASE_URL! },
  });
  expect(response.ok()).toBe(true);
  if (confirmed) {
    const link = new URL(
      /https?:\/\/\S+\/verify-email\?token=\S+/.exec((await mailTo(email, CONFIRM_SUBJECT)).text)![0],
    );
    // The API behind the link's page, which also signs in again with a session that knows it.
    const verified = await request.get(`/api/auth/verify-email${link.search}`);
    expect(verified.ok()).toBe(true);
  }
  return { email, password, name };
}

/** signUpWith on the page's own requests: the page is signed in as the new account. */
export const signUpViaApi = (page: Page, name: string, options?: Parameters<typeof signUpWith>[2]) =>
  signUpWith(page.request, name, options);

export const CONFIRM_SUBJECT = 'Confirm your e-mail address';

/** The newest message to this address in the server's file outbox, once it is there. */
export async function mailTo(to: string, subject: string) {
  const outbox = `${process.env.E2E_DATA_DIR}/mail`;
  let found: Awaited<ReturnType<typeof readOutbox>>[number] | undefined;
  await expect
    .poll(async () => {
      found = (await readOutbox(outbox).catch(() => [])).findLast(
        (mail) => mail.to === to && mail.subject === subject,
      );
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

/**
 * What the browser reports about the page from now on: console errors and warnings, uncaught exceptions, and
 * the DevTools issues (a Content-Security-Policy violation, for one) that Lighthouse counts against a page.
 */
export async function browserComplaints(page: Page): Promise<string[]> {
  const complaints: string[] = [];
  page.on('console', (message) => {
    if (['error', 'warning'].includes(message.type()))
      complaints.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => complaints.push(`uncaught: ${error.message}`));
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Audits.issueAdded', ({ issue }) => complaints.push(`issue: ${JSON.stringify(issue)}`));
  await cdp.send('Audits.enable');
  return complaints;
}

/**
 * Fails on any serious or critical axe finding on the page as it is now (with `everything`, on any finding,
 * as Lighthouse's accessibility score counts them), naming the rule and the first nodes.
 */
export async function expectNoSeriousAxeFindings(page: Page, label: string, { everything = false } = {}) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations
    .filter((violation) => everything || violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      help: violation.help,
      nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
    }));
  expect(found, `axe on ${label}`).toEqual([]);
}

/** Books the newest tool at its minimum quantity through the API, as `request`'s account; answers the tool. */
export async function bookNewestToolViaApi(request: APIRequestContext, address: string) {
  const [tool] = (await (await request.get('/api/parts?limit=1')).json()) as Tool[];
  const response = await request.post('/api/order', {
    data: { toolId: tool!._id, quantity: tool!.minOrderQuantity, address, number: '5550199' },
    headers: origin(),
  });
  expect(response.ok()).toBe(true);
  return tool!;
}

/** Holds back the page's requests for `url` (a screen's chunk) until the returned function is called. */
export async function holdRequests(page: Page, url: RegExp): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
