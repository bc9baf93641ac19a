import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
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

/** Creates an account through the API (as the sign-up screen would) and leaves the page signed in. */
export async function signUpViaApi(
  page: Page,
  name: string,
  email = uniqueEmail('user'),
  password = 'Secret123',
) {
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email, password },
    headers: { origin: process.env.E2E_BASE_URL! },
  });
  expect(response.ok()).toBe(true);
  return { email, password, name };
}

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
