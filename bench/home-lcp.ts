// The home page in Chromium under a slow phone's conditions, on the built server: Largest Contentful Paint,
// First Contentful Paint, bytes on the wire and requests, each run a cold load in a new browser context.
// Throttling goes through the DevTools protocol. Prints a table; it never fails on timing.
// Standalone: `npx tsx bench/home-lcp.ts` (after `npm run build`).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContextOptions } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/chromium.ts';

const RUNS = Number(process.env.BENCH_LCP_RUNS ?? 3);
const TARGET_LCP_MS = 2500;
const CPU_SLOWDOWN = 4;
// Lighthouse's "Slow 4G" figures (rttMs 150, throughputKbps 1638.4, uploadThroughputKbps 750), applied by
// DevTools per request: latency is added once to each response, not to every round trip.
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1638.4 * 1024) / 8, // bytes/s: 1.6 Mbit/s
  uploadThroughput: (750 * 1024) / 8, // bytes/s: 750 kbit/s
};
const PROFILE = `CPU ${CPU_SLOWDOWN}× slower, ${NETWORK.latency} ms latency per request, 1.6 Mbit/s down, 750 kbit/s up, cache disabled`;

const VIEWPORTS: Array<{ label: string; options: BrowserContextOptions }> = [
  {
    label: 'mobile 412×823 @1.75x',
    options: {
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    },
  },
  { label: 'desktop 1280×800', options: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 } },
];

interface LcpEntry {
  time: number;
  size: number;
  element: string;
}

interface Run {
  lcp: number;
  fcp: number;
  tools: number;
  bytes: number;
  requests: number;
  failed: number;
  element: string;
  byType: Record<string, number>;
}

export interface HomeLcpResult {
  label: string;
  runs: Run[];
}

// Runs in the page before any script: keeps every LCP candidate, described while it is still in the DOM,
// and the time of the first frame that shows the Latest Tools cards.
function observeLcp() {
  const entries: LcpEntry[] = [];
  const state = window as unknown as { __lcp: LcpEntry[]; __toolsAt?: number };
  state.__lcp = entries;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & Record<string, unknown>>) {
      const element = entry.element as Element | null;
      const url = String(entry.url ?? '');
      const text = (element?.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      const what = url ? new URL(url).pathname : text ? `"${text}"` : '';
      entries.push({
        time: entry.startTime,
        size: Number(entry.size),
        element: `${element?.tagName.toLowerCase() ?? '(removed)'}${what ? ` ${what}` : ''}`,
      });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const cards = new MutationObserver(() => {
    if (!document.querySelector('ul[aria-label="Tools"]')) return;
    cards.disconnect();
    requestAnimationFrame((frame) => (state.__toolsAt = frame));
  });
  cards.observe(document, { childList: true, subtree: true });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The built server (dist/server/server.js) on a free port with a fresh data folder, as the E2E tests run it. */
async function startBuiltServer() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-lcp-'));
  // node directly, not npx: a server started through npx survives kill().
  const child = spawn(process.execPath, ['dist/server/server.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      BASE_URL: base,
      NODE_ENV: 'production',
      AUTH_SECRET: 'bench-secret-of-at-least-thirty-two-characters',
      ALLOW_TEST_PAYMENTS: 'true',
      ALLOW_FILE_MAIL: 'true',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killed = await Promise.race([exited.then(() => true), sleep(5000).then(() => false)]);
      if (!killed) {
        child.kill('SIGKILL');
        await exited;
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${stderr}`);
      const healthy = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) })
        .then((response) => response.ok)
        .catch(() => false);
      if (healthy) break;
      if (Date.now() > deadline) throw new Error(`server not healthy after 60 s:\n${stderr}`);
      await sleep(200);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** One cold load of the home page under throttling, in a new context. */
async function measure(browser: Browser, base: string, options: BrowserContextOptions): Promise<Run> {
  const context = await browser.newContext(options);
  try {
    const page = await context.newPage();
    await page.addInitScript(observeLcp);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', NETWORK);

    const types = new Map<string, string>();
    const inFlight = new Set<string>();
    const byType: Record<string, number> = {};
    let lastActivity = Date.now();
    let bytes = 0;
    let requests = 0;
    let failed = 0;
    cdp.on('Network.requestWillBeSent', (event) => {
      if (event.request.url.startsWith('data:')) return;
      if (!event.redirectResponse) requests++;
      types.set(event.requestId, event.type ?? 'Other');
      inFlight.add(event.requestId);
      lastActivity = Date.now();
    });
    cdp.on('Network.loadingFinished', (event) => {
      if (!inFlight.delete(event.requestId)) return;
      lastActivity = Date.now();
      bytes += event.encodedDataLength;
      const type = types.get(event.requestId) ?? 'Other';
      byType[type] = (byType[type] ?? 0) + event.encodedDataLength;
    });
    cdp.on('Network.loadingFailed', (event) => {
      if (!inFlight.delete(event.requestId)) return;
      lastActivity = Date.now();
      failed++;
    });

    await page.goto(`${base}/`, { waitUntil: 'load', timeout: 60_000 });
    // What a visitor waits for: the heading and the tool cards.
    await page.getByRole('heading', { name: 'Latest Tools' }).waitFor({ timeout: 30_000 });
    await page.getByRole('list', { name: 'Tools' }).waitFor({ timeout: 30_000 });
    // Then no request in flight for a second (card images, the lazy reviews chunk, /api/reviews).
    // Not Playwright's 'networkidle': it fires once, and a half-second gap while the throttled CPU runs
    // the entry chunk already counts as idle.
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && (inFlight.size > 0 || Date.now() - lastActivity < 1000)) await sleep(100);
    // One more frame so that the last paint has reported its entries.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));

    const { lcp, fcp, tools } = await page.evaluate(() => {
      const state = window as unknown as { __lcp: LcpEntry[]; __toolsAt?: number };
      return {
        lcp: state.__lcp,
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
        tools: state.__toolsAt ?? NaN,
      };
    });
    const last = lcp.at(-1);
    return {
      lcp: last?.time ?? NaN,
      fcp,
      tools,
      bytes,
      requests,
      failed,
      element: last ? `${last.element} (${Math.round(last.size)} px²)` : '(none)',
      byType,
    };
  } finally {
    await context.close();
  }
}

/** Cold loads of the home page per viewport on the built server; prints a table per viewport. */
export async function homeLcpBench(runs = RUNS): Promise<HomeLcpResult[]> {
  const server = await startBuiltServer();
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ ...chromiumLaunchOptions, timeout: 30_000 });
    // Warm-up without throttling: the server's first catalogue query and the browser's first start.
    const warm = await browser.newContext();
    await (await warm.newPage()).goto(`${server.base}/`, { waitUntil: 'networkidle', timeout: 60_000 });
    await warm.close();

    const results: HomeLcpResult[] = [];
    for (const viewport of VIEWPORTS) {
      const result: HomeLcpResult = { label: viewport.label, runs: [] };
      for (let i = 0; i < runs; i++) result.runs.push(await measure(browser, server.base, viewport.options));
      results.push(result);
      print(result);
    }
    return results;
  } finally {
    await browser?.close().catch(() => undefined);
    await server.stop();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function print({ label, runs }: HomeLcpResult) {
  const kb = (n: number) => (n / 1024).toFixed(1);
  const s = (ms: number) => (Number.isNaN(ms) ? 'n/a' : (ms / 1000).toFixed(2));
  console.log(`\nHome page, cold load on the built server, ${label}: ${PROFILE}\n`);
  console.log(
    `| run | LCP s (target ≤ ${TARGET_LCP_MS / 1000}) | FCP s | tool cards s | KB transferred | requests | LCP element |`,
  );
  console.log('|---|---:|---:|---:|---:|---:|---|');
  runs.forEach((run, i) => {
    const failed = run.failed ? ` (${run.failed} failed)` : '';
    console.log(
      `| ${i + 1} | ${s(run.lcp)} | ${s(run.fcp)} | ${s(run.tools)} | ${kb(run.bytes)} | ${run.requests}${failed} | ${run.element} |`,
    );
  });
  const lcp = median(runs.map((run) => run.lcp));
  const verdict = lcp <= TARGET_LCP_MS ? 'within target' : 'over target';
  console.log(
    `| **median** | **${s(lcp)}** (${verdict}) | **${s(median(runs.map((run) => run.fcp)))}** | ` +
      `**${s(median(runs.map((run) => run.tools)))}** | ` +
      `**${kb(median(runs.map((run) => run.bytes)))}** | **${median(runs.map((run) => run.requests))}** | |`,
  );
  const types = Object.entries(runs.at(-1)!.byType).sort((a, b) => b[1] - a[1]);
  console.log(`\nBytes by type (last run): ${types.map(([type, n]) => `${type} ${kb(n)} KB`).join(', ')}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await homeLcpBench();
