import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { bookNewestToolViaApi, demoAdmin, signIn, signUpViaApi } from './support.ts';

// Issue 16: a paid order's PDF invoice, downloaded by its buyer from My Order and by an admin from Manage Order.
async function pdfText(download: Download): Promise<string> {
  const bytes = new Uint8Array(await readFile(await download.path()));
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

async function downloadInvoice(page: Page, productName: string): Promise<Download> {
  const link = page.getByRole('link', { name: `Invoice (PDF) for ${productName}` });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^invoice-FL-\d{8}-[0-9A-F]{8}\.pdf$/);
  return download;
}

test('the buyer and an admin download the invoice of a paid order', async ({ page, browser }) => {
  const buyer = await signUpViaApi(page, 'Ingrid Invoicé');
  const tool = await bookNewestToolViaApi(page.request, '9 Invoice Way');

  await page.goto('/dashboard/myorder');
  await expect(page.getByRole('link', { name: `Invoice (PDF) for ${tool.name}` })).toHaveCount(0);
  await page.getByRole('link', { name: 'Payment' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('1234');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Give Money' }).click();
  await expect(page.getByText('Congrats!!! Your Payment is completed')).toBeVisible();

  await page.goto('/dashboard/myorder');
  const text = await pdfText(await downloadInvoice(page, tool.name));
  for (const expected of [
    'Forgeline Tools & Parts',
    'Ingrid Invoicé',
    buyer.email,
    '9 Invoice Way',
    tool.name,
  ]) {
    expect(text).toContain(expected);
  }
  expect(text).toMatch(
    /Test payment through the built-in test gateway: no money was received\. Transaction id: pi_test_/,
  );

  const adminPage = await browser.newPage();
  await signIn(adminPage, demoAdmin);
  // The sales overview says how much of its revenue is such test payments.
  await adminPage.goto('/dashboard');
  await expect(
    adminPage
      .getByRole('region', { name: 'Revenue, last 30 days' })
      .getByText(/\$[\d,.]+ of it through the test gateway: no money was received\./),
  ).toBeVisible();
  await adminPage.goto(`/dashboard/manageOrder?q=${encodeURIComponent(buyer.email)}`);
  expect(await pdfText(await downloadInvoice(adminPage, tool.name))).toContain('Ingrid Invoicé');
  await adminPage.close();
});
