import { expect, test, type Page } from '@playwright/test';
import { browserComplaints } from './support.ts';

declare global {
  interface Window {
    layoutShifts: Array<{ value: number; hadRecentInput: boolean }>;
  }
}

/** How each public page looks once it is complete: its data shown and no spinner left in the page. */
const publicPages: Array<[string, (page: Page) => Promise<void>]> = [
  [
    '/',
    async (page) => {
      await expect(page.getByRole('list', { name: 'Tools' }).getByRole('article')).toHaveCount(6);
      await expect(page.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible();
    },
  ],
  ['/parts', async (page) => expect(page.getByRole('link', { name: 'Buy Now' }).first()).toBeVisible()],
  ['/signin', async (page) => expect(page.getByRole('button', { name: 'Submit' })).toBeVisible()],
  ['/signup', async (page) => expect(page.getByRole('button', { name: 'Submit' })).toBeVisible()],
  ['/contact', async (page) => expect(page.getByRole('form', { name: 'Get In Touch' })).toBeVisible()],
  ['/blog', async (page) => expect(page.locator('article').first()).toBeVisible()],
  ['/my-portfolio', async (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible()],
];

// A phone's screen, where a page is more often taller than the screen, and a desktop's.
for (const viewport of [
  { width: 375, height: 667 },
  { width: 1280, height: 800 },
]) {
  test(`public pages at ${viewport.width} px: no layout shift after the first paint, nothing in the console`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    // Lighthouse's mobile network (about 1.6 Mbit/s, 150 ms): the page's code and data arrive after its first
    // paint, as they do for a visitor, so anything that moves when they do shows here.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await page.addInitScript(() => {
      window.layoutShifts = [];
      new PerformanceObserver((list) => {
        window.layoutShifts.push(...(list.getEntries() as unknown as Window['layoutShifts']));
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const complaints = await browserComplaints(page);

    for (const [path, complete] of publicPages) {
      await page.goto(path);
      await complete(page);
      await expect(page.locator('main .loading-spinner, main [role="status"] img')).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      // Summed as Cumulative Layout Shift sums them: shifts right after the user's input do not count.
      const shift = await page.evaluate(() =>
        window.layoutShifts
          .filter((entry) => !entry.hadRecentInput)
          .reduce((sum, entry) => sum + entry.value, 0),
      );
      expect.soft(shift, `layout shift of ${path}`).toBeLessThanOrEqual(0.1);
    }
    expect(complaints).toEqual([]);
  });
}
