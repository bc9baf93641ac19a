// Full-page screenshots of a running shop at phone, tablet and desktop widths, for looking at what we build:
//   npx tsx scripts/screenshots.ts http://localhost:3000 /,/parts [out-dir]
// With SHOT_EMAIL and SHOT_PASSWORD set, the pages are taken signed in as that account.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.ts';

const [base = 'http://localhost:3000', list = '/,/parts', outDir = 'test-results/screenshots'] =
  process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions);
for (const width of [375, 768, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  if (process.env.SHOT_EMAIL) {
    await page.request.post(new URL('/api/auth/sign-in/email', base).toString(), {
      data: { email: process.env.SHOT_EMAIL, password: process.env.SHOT_PASSWORD },
      headers: { origin: new URL(base).origin },
    });
  }
  for (const route of list.split(',')) {
    await page.goto(new URL(route, base).toString());
    await page.waitForLoadState('networkidle');
    const file = path.join(outDir, `${route.replace(/\W+/g, '_') || '_'}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await page.close();
}
await browser.close();
