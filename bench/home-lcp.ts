// The home page in Chromium under a slow phone's conditions, on the built server: Largest Contentful Paint,
// First Contentful Paint, bytes on the wire and requests, each run a cold load in a new browser context.
// Throttling goes through the DevTools protocol.
import { chromium, type Browser, type BrowserContextOptions } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/chromium.ts';
import { sleep } from './child-process.ts';
import { fixed, kilobytes, median, met, printTable } from './report.ts';

const RUNS = Number(process.env.BENCH_LCP_RUNS ?? 3);
export const LCP_GOAL_MS = 2500;
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

/** Cold loads of the home page on the built server at `base`, `runs` per viewport, after one warm load. */
export async function homeLcpBench(base: string, runs = RUNS): Promise<HomeLcpResult[]> {
  const browser = await chromium.launch({ ...chromiumLaunchOptions, timeout: 30_000 });
  try {
    // Without throttling: the browser's first start is not what a visitor waits for.
    const warm = await browser.newContext();
    await (await warm.newPage()).goto(`${base}/`, { waitUntil: 'networkidle', timeout: 60_000 });
    await warm.close();

    const results: HomeLcpResult[] = [];
    for (const viewport of VIEWPORTS) {
      const result: HomeLcpResult = { label: viewport.label, runs: [] };
      for (let i = 0; i < runs; i++) result.runs.push(await measure(browser, base, viewport.options));
      results.push(result);
    }
    return results;
  } finally {
    await browser.close().catch(() => undefined);
  }
}

export function printHomeLcp(results: HomeLcpResult[]): void {
  const seconds = (ms: number) => fixed(ms / 1000, 2);
  for (const { label, runs } of results) {
    const middle = (pick: (run: Run) => number) => median(runs.map(pick));
    const lcp = middle((run) => run.lcp);
    const types = Object.entries(runs.at(-1)!.byType).sort((a, b) => b[1] - a[1]);
    printTable(
      `Home page, cold load on the built server, ${label}: ${PROFILE}`,
      ['run', 'LCP s', 'FCP s', 'tool cards s', 'KB transferred', 'requests', 'LCP element', 'goal', 'met?'],
      [
        ...runs.map((run, i) => [
          i + 1,
          seconds(run.lcp),
          seconds(run.fcp),
          seconds(run.tools),
          kilobytes(run.bytes),
          run.requests + (run.failed ? ` (${run.failed} failed)` : ''),
          run.element,
          '',
          '',
        ]),
        [
          '**median**',
          `**${seconds(lcp)}**`,
          `**${seconds(middle((run) => run.fcp))}**`,
          `**${seconds(middle((run) => run.tools))}**`,
          `**${kilobytes(middle((run) => run.bytes))}**`,
          `**${middle((run) => run.requests)}**`,
          '',
          `LCP ≤ ${LCP_GOAL_MS / 1000} s`,
          met(lcp <= LCP_GOAL_MS),
        ],
      ],
      [`Bytes by type (last run): ${types.map(([type, n]) => `${type} ${kilobytes(n)} KB`).join(', ')}`],
    );
  }
}
