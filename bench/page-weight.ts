// What the home page downloads of the build's JavaScript and CSS: every file Chromium asks for while the page
// loads and is scrolled to its end (the entry, its preloads, the lazy sections), weighed as gzip -9 of the
// built file so that the figure does not depend on what the server or the browser negotiate.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Request } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/chromium.ts';
import { sleep } from './child-process.ts';
import { kilobytes, met, printTable } from './report.ts';

const CLIENT_DIR = 'dist/client';
export const WEIGHT_GOAL_KB = { js: 100, css: 25 };
/** How long no request may be in flight before the page counts as loaded. */
const QUIET_MS = 1500;

export interface PageWeight {
  js: number;
  /** The part of `js` that index.html names (the entry and its preloads), before any lazy chunk. */
  jsUpFront: number;
  css: number;
  files: Array<{ file: string; gzip: number; upFront: boolean }>;
}

/** The /assets/ files the home page requests, in order, until the network has been quiet for QUIET_MS. */
async function assetsLoaded(base: string): Promise<string[]> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true });
    const assets = new Set<string>();
    const inFlight = new Set<Request>();
    let lastActivity = Date.now();
    page.on('request', (request) => {
      inFlight.add(request);
      lastActivity = Date.now();
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/assets/')) assets.add(pathname);
    });
    const settled = (request: Request) => {
      inFlight.delete(request);
      lastActivity = Date.now();
    };
    page.on('requestfinished', settled);
    page.on('requestfailed', settled);
    await page.goto(`${base}/`, { waitUntil: 'load' });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && (inFlight.size > 0 || Date.now() - lastActivity < QUIET_MS))
      await sleep(100);
    return [...assets];
  } finally {
    await browser.close();
  }
}

export async function homePageWeight(base: string): Promise<PageWeight> {
  const html = readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8');
  const files = (await assetsLoaded(base))
    .filter((file) => /\.(js|css)$/.test(file))
    .map((file) => ({
      file,
      gzip: gzipSync(readFileSync(path.join(CLIENT_DIR, file)), { level: 9 }).length,
      upFront: html.includes(`"${file}"`),
    }));
  const total = (ext: string, upFrontOnly = false) =>
    files
      .filter(({ file, upFront }) => file.endsWith(ext) && (upFront || !upFrontOnly))
      .reduce((sum, { gzip }) => sum + gzip, 0);
  return { js: total('.js'), jsUpFront: total('.js', true), css: total('.css'), files };
}

export function printPageWeight(weight: PageWeight): void {
  const total = (label: string, bytes: number, goalKb: number) => [
    `**${label}**`,
    '',
    `**${kilobytes(bytes)}**`,
    `≤ ${goalKb}`,
    met(bytes / 1024 <= goalKb),
  ];
  printTable(
    'Home page: every JavaScript and CSS file it loads, scrolled to the end (gzip -9 of the built files)',
    ['file', 'when', 'KB', 'goal', 'met?'],
    [
      ...weight.files.map(({ file, gzip, upFront }) => [
        file,
        upFront ? 'in index.html' : 'later',
        kilobytes(gzip),
        '',
        '',
      ]),
      ['JavaScript in index.html', '', kilobytes(weight.jsUpFront), '', ''],
      total('JavaScript', weight.js, WEIGHT_GOAL_KB.js),
      total('CSS', weight.css, WEIGHT_GOAL_KB.css),
    ],
  );
}
