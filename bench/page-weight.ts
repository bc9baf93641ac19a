// What the home page downloads of the build's JavaScript and CSS: every file Chromium asks for while the page
// loads and is scrolled to its end (the entry, its preloads, the lazy sections), weighed as gzip -9 of the
// built file so that the figure does not depend on what the server or the browser negotiate.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page, type Request } from '@playwright/test';
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

/**
 * Opens `url` in a fresh mobile Chromium, `scroll`ed to its end once loaded or not, until the network has been
 * quiet for QUIET_MS (`deadlineMs` at the most: answers whether it got there). `watch` sees the page before it
 * starts loading.
 */
export async function loadUntilQuiet(
  url: string,
  {
    scroll = false,
    deadlineMs = 30_000,
    watch,
  }: { scroll?: boolean; deadlineMs?: number; watch?: (page: Page) => Promise<void> },
): Promise<{ quiet: boolean }> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true });
    await watch?.(page);
    const inFlight = new Set<Request>();
    let lastActivity = Date.now();
    page.on('request', (request) => {
      inFlight.add(request);
      lastActivity = Date.now();
    });
    const settled = (request: Request) => {
      inFlight.delete(request);
      lastActivity = Date.now();
    };
    page.on('requestfinished', settled);
    page.on('requestfailed', settled);
    const deadline = Date.now() + deadlineMs;
    await page.goto(url, { waitUntil: 'load', timeout: deadlineMs });
    if (scroll) await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    while (Date.now() < deadline && (inFlight.size > 0 || Date.now() - lastActivity < QUIET_MS))
      await sleep(100);
    return { quiet: Date.now() < deadline };
  } finally {
    await browser.close();
  }
}

/** The /assets/ files the home page requests, in order, until the network has been quiet for QUIET_MS. */
async function assetsLoaded(base: string): Promise<string[]> {
  const assets = new Set<string>();
  await loadUntilQuiet(`${base}/`, {
    scroll: true,
    watch: async (page) => {
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/assets/')) assets.add(pathname);
      });
    },
  });
  return [...assets];
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

export interface TransferKind {
  /** Chromium's resource type: Document, Script, Stylesheet, Fetch, Image, Font… */
  type: string;
  requests: number;
  /** As transferred: compressed as the server sent it, headers included. */
  bytes: number;
  /** The response headers among them. */
  headerBytes: number;
  /** Requests still unfinished when the page was left (their bytes so far are counted). */
  unfinished: number;
  paths: string[];
}

/**
 * What Chromium transfers to show `url` (not scrolled) until the network is quiet, by resource type, as
 * its network stack counts it: what the server sent (compressed as it was sent), headers included.
 */
export async function pageTransfer(url: string): Promise<{ kinds: TransferKind[]; quiet: boolean }> {
  const requests = new Map<
    string,
    { type: string; path: string; bytes: number; headerBytes: number; finished: boolean }
  >();
  const { quiet } = await loadUntilQuiet(url, {
    deadlineMs: 60_000,
    watch: async (page) => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      cdp.on('Network.requestWillBeSent', ({ requestId, type, request }) => {
        if (request.url.startsWith('data:')) return;
        const { pathname, search } = new URL(request.url);
        requests.set(requestId, {
          type: type ?? 'Other',
          path: pathname + search,
          bytes: 0,
          headerBytes: 0,
          finished: false,
        });
      });
      // What had arrived when the response began: its headers.
      cdp.on('Network.responseReceived', ({ requestId, response }) => {
        const request = requests.get(requestId);
        if (request) request.headerBytes = response.encodedDataLength;
      });
      cdp.on('Network.dataReceived', ({ requestId, encodedDataLength }) => {
        const request = requests.get(requestId);
        if (request) request.bytes += encodedDataLength;
      });
      cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
        const request = requests.get(requestId);
        if (request) Object.assign(request, { bytes: encodedDataLength, finished: true });
      });
    },
  });
  const kinds = new Map<string, TransferKind>();
  for (const { type, path: requested, bytes, headerBytes, finished } of requests.values()) {
    let kind = kinds.get(type);
    if (!kind)
      kinds.set(type, (kind = { type, requests: 0, bytes: 0, headerBytes: 0, unfinished: 0, paths: [] }));
    kind.requests += 1;
    kind.bytes += bytes;
    kind.headerBytes += headerBytes;
    if (!finished) kind.unfinished += 1;
    kind.paths.push(requested);
  }
  return { kinds: [...kinds.values()], quiet };
}
