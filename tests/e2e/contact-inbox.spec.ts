import { expect, test } from '@playwright/test';
import { demoAdmin, expectNoSeriousAxeFindings, signIn } from './support.ts';

// Issue 16: the Get In Touch messages in the administrators' contact inbox.
test('an admin reads a new Get In Touch message, counted in the side menu, and marks it handled', async ({
  page,
  playwright,
}) => {
  const visitor = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const sender = `Inbox Sender ${Date.now().toString(36)}`;
  const sent = await visitor.post('/api/contact', {
    data: {
      name: sender,
      email: 'inbox.sender@example.com',
      message: 'Do you stock M16 hex bolts?\nIn A4, please.',
    },
    headers: { origin: process.env.E2E_BASE_URL! },
  });
  expect(sent.status()).toBe(201);
  await visitor.dispose();

  await signIn(page, demoAdmin);
  await page.goto('/dashboard/inbox');
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  const entry = menu.getByRole('link', { name: /^Contact inbox/ });
  await expect(entry).toHaveAttribute('aria-current', 'page');
  const badge = entry.getByLabel(/\d+ new/);
  const before = Number(await badge.textContent());
  expect(before).toBeGreaterThan(0);
  await expect(
    page.getByRole('heading', { name: new RegExp(`^${before} new of \\d+ message\\(s\\)$`) }),
  ).toBeVisible();

  const card = page.getByRole('article', { name: new RegExp(sender) });
  await expect(card.getByText('New', { exact: true })).toBeVisible();
  await expect(card.getByText('Do you stock M16 hex bolts?')).toBeVisible();
  await expect(card.getByRole('link', { name: 'inbox.sender@example.com' })).toHaveAttribute(
    'href',
    'mailto:inbox.sender@example.com',
  );
  await expectNoSeriousAxeFindings(page, 'the contact inbox');

  await card.getByRole('button', { name: 'Mark as handled' }).click();
  await expect(page.getByText('Marked as handled.')).toBeVisible();
  await expect(card.getByText(/^Handled /)).toBeVisible();
  await expect(card.getByText('New', { exact: true })).toHaveCount(0);
  if (before === 1) await expect(entry.getByLabel(/\d+ new/)).toHaveCount(0);
  else await expect(entry.getByLabel(/\d+ new/)).toHaveText(String(before - 1));
});
