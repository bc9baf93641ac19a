// Lighthouse on every public page of the built server, mobile preset (a mid-range phone on slow 4G, simulated),
// each page RUNS cold loads in one headless Chromium, the run of median performance kept, as Lighthouse's own
// advice on variability has it: one run on this shared 2-core machine moves by 2 to 4 points from the next.
import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { chromiumLaunchOptions } from '../scripts/chromium.ts';
import { fixed, met, printTable } from './report.ts';

/** /parts/{id} is for signed-in buyers only, so not here. */
export const PUBLIC_PAGES = ['/', '/parts', '/signin', '/signup', '/contact', '/blog', '/my-portfolio'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const SCORED_BY_AUDITS = ['accessibility', 'best-practices', 'seo'];
const RUNS = 3;
export const LIGHTHOUSE_GOAL = { performance: 95, accessibility: 100, bestPractices: 95, seo: 95, cls: 0.1 };

export interface LighthouseRow {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  /** Audits that cost accessibility, best-practices or SEO points. */
  failing: string[];
  /** Each run's performance score, in the order run. */
  runs: number[];
  error: string | undefined;
}

export function lighthouseMet(row: LighthouseRow): boolean {
  const goal = LIGHTHOUSE_GOAL;
  return (
    row.performance >= goal.performance &&
    row.accessibility >= goal.accessibility &&
    row.bestPractices >= goal.bestPractices &&
    row.seo >= goal.seo &&
    row.cls <= goal.cls
  );
}

const score = (value: number) => fixed(value, 0);

function toRow(page: string, lhr: Result): LighthouseRow {
  const scoreOf = (category: string) => Math.round((lhr.categories[category]?.score ?? NaN) * 100);
  const value = (audit: string) => lhr.audits[audit]?.numericValue ?? NaN;
  return {
    page,
    performance: scoreOf('performance'),
    accessibility: scoreOf('accessibility'),
    bestPractices: scoreOf('best-practices'),
    seo: scoreOf('seo'),
    cls: value('cumulative-layout-shift'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    failing: SCORED_BY_AUDITS.flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id),
    ),
    error: lhr.runtimeError?.message,
    runs: [scoreOf('performance')],
  };
}

/** One page; tried again once when Lighthouse could not record it (a lost trace on a busy machine). */
async function audit(port: number, base: string, page: string): Promise<LighthouseRow> {
  let row: LighthouseRow | undefined;
  for (let attempt = 0; attempt < 2 && (!row || row.error); attempt++) {
    const result = await lighthouse(base + page, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
    row = toRow(page, result.lhr);
  }
  return row!;
}

/** The page audited RUNS times: the run of median performance, with every run's score. */
async function medianAudit(port: number, base: string, page: string): Promise<LighthouseRow> {
  const rows: LighthouseRow[] = [];
  for (let run = 0; run < RUNS; run++) rows.push(await audit(port, base, page));
  const median = [...rows].sort((a, b) => a.performance - b.performance)[Math.floor(RUNS / 2)]!;
  return { ...median, runs: rows.map((row) => row.performance) };
}

export async function lighthouseBench(base: string): Promise<LighthouseRow[]> {
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH || chromiumLaunchOptions.executablePath,
    chromeFlags: ['--headless=new', ...chromiumLaunchOptions.args],
    logLevel: 'silent',
  });
  try {
    const rows: LighthouseRow[] = [];
    for (const page of PUBLIC_PAGES) rows.push(await medianAudit(chrome.port, base, page));
    return rows;
  } finally {
    chrome.kill();
  }
}

export function printLighthouse(rows: LighthouseRow[]): void {
  const goal = LIGHTHOUSE_GOAL;
  printTable(
    'Lighthouse mobile (Moto G Power, slow 4G, CPU 4× slower, simulated), built server, demo catalogue',
    [
      'page',
      `performance, median of ${RUNS} (each run)`,
      'accessibility',
      'best practices',
      'SEO',
      'CLS',
      'LCP s',
      'TBT ms',
      'goal',
      'met?',
    ],
    rows.map((row) => [
      row.page + (row.error ? ` (${row.error})` : ''),
      `${score(row.performance)} (${row.runs.join(', ')})`,
      score(row.accessibility),
      score(row.bestPractices),
      score(row.seo),
      fixed(row.cls, 3),
      fixed(row.lcpMs / 1000, 1),
      fixed(row.tbtMs, 0),
      `≥ ${goal.performance}, ${goal.accessibility}, ≥ ${goal.bestPractices}, ≥ ${goal.seo}, CLS ≤ ${goal.cls}`,
      met(lighthouseMet(row)),
    ]),
    [failingAudits(rows)],
  );
}

/** "robots-txt (every page), color-contrast (/parts)": what the accessibility, BP and SEO scores lose on. */
function failingAudits(rows: LighthouseRow[]): string {
  const pagesOf = new Map<string, string[]>();
  for (const row of rows)
    for (const audit of row.failing) pagesOf.set(audit, [...(pagesOf.get(audit) ?? []), row.page]);
  const list = [...pagesOf].map(
    ([audit, pages]) => `${audit} (${pages.length === rows.length ? 'every page' : pages.join(', ')})`,
  );
  return `Failing accessibility, best-practices and SEO audits: ${list.join(', ') || 'none'}.`;
}
