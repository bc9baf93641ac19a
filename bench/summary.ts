// The compact table, in the order of issue 13's: each measure with this run's figure, its floor, the goal.
import { READ_GOAL, READ_PATH, type CatalogueRow } from './catalogue.ts';
import {
  BUYERS as CONTENTION_BUYERS,
  CONTENTION_GOAL,
  contentionMet,
  type ContentionRow,
} from './contention.ts';
import { LCP_GOAL_MS, type HomeLcpResult } from './home-lcp.ts';
import { LIGHTHOUSE_GOAL, type LighthouseRow } from './lighthouse.ts';
import { BUYERS as ORDER_BUYERS, ORDERS_GOAL, ordersMet, type OrdersRow } from './orders.ts';
import { WEIGHT_GOAL_KB, type PageWeight } from './page-weight.ts';
import { kilobytes, median, met, printTable, ratio, whole, type Cell } from './report.ts';

export interface BenchResults {
  catalogue: CatalogueRow[];
  contention: ContentionRow[];
  orders: OrdersRow[];
  lighthouse: LighthouseRow[];
  weight?: PageWeight;
  lcp?: HomeLcpResult[];
}

function catalogueRows(rows: CatalogueRow[]): Cell[][] {
  return rows.map((row) => {
    const share = row.shop.rps / row.bare.rps;
    return [
      `\`GET ${READ_PATH}\` ÷ a bare Fastify route (child process), ${row.database}, ${whole(row.tools)} tools`,
      `${whole(row.shop.rps)} ÷ ${whole(row.bare.rps)} req/s = ${ratio(share)}`,
      `≥ ${READ_GOAL}`,
      met(share >= READ_GOAL),
    ];
  });
}

function contentionRows(rows: ContentionRow[]): Cell[][] {
  return rows.map((row) => [
    `the same read while ${CONTENTION_BUYERS} buyers keep ordering (${row.kind === 'hot' ? 'one hot tool among the 6 newest' : 'spread over the older tools'}), ÷ the read alone, ${row.database}, ${whole(row.tools)} tools`,
    `${whole(row.during.rps)} ÷ ${whole(row.alone.rps)} = ${ratio(row.during.rps / row.alone.rps)}, p99 ${whole(row.during.p99)} ms`,
    `≥ ${CONTENTION_GOAL.ratio}, p99 ≤ ${CONTENTION_GOAL.p99} ms`,
    met(contentionMet(row)),
  ]);
}

function ordersRows(rows: OrdersRow[]): Cell[][] {
  return rows.map((row) => [
    `orders/s, ${ORDER_BUYERS} buyers on one tool, ${row.database}`,
    `${whole(row.shop.ordersPerSecond)}/s, p99 ${whole(row.shop.p99)} ms; raw SQL ${whole(row.raw.ordersPerSecond)}/s, ` +
      `p99 ${whole(row.raw.p99)} ms; ratio ${ratio(row.shop.ordersPerSecond / row.raw.ordersPerSecond)}`,
    `≥ ${ORDERS_GOAL.ratio} of the raw SQL reservation; p99 ≤ ${ORDERS_GOAL.p99} ms`,
    met(ordersMet(row)),
  ]);
}

function lighthouseRows(all: LighthouseRow[]): Cell[][] {
  if (all.length === 0) return [];
  const goal = LIGHTHOUSE_GOAL;
  const rows = all.filter((row) => !row.error);
  const unmeasured = all.filter((row) => row.error).map((row) => `\`${row.page}\``);
  const missing = unmeasured.length > 0 ? `; no result for ${unmeasured.join(', ')}` : '';
  const over = rows.filter((row) => row.cls > goal.cls);
  const cls =
    over.length > 0
      ? over.map((row) => `\`${row.page}\` ${row.cls.toFixed(3)}`).join(', ')
      : `at most ${Math.max(...rows.map((row) => row.cls)).toFixed(3)}`;
  /** The lowest score among the pages, and which pages have it when not all do. */
  const lowest = (label: string, pick: (row: LighthouseRow) => number, least: number) => {
    const min = Math.min(...rows.map(pick));
    const pages = rows.filter((row) => pick(row) === min).map((row) => row.page);
    return {
      text: `${label} ${min}${pages.length < rows.length ? ` (${pages.join(', ')})` : ''}`,
      ok: min >= least,
    };
  };
  const scores = [
    lowest('SEO', (row) => row.seo, goal.seo),
    lowest('accessibility', (row) => row.accessibility, goal.accessibility),
    lowest('best practices', (row) => row.bestPractices, goal.bestPractices),
    lowest('performance', (row) => row.performance, goal.performance),
  ];
  return [
    [
      `Cumulative Layout Shift, Lighthouse mobile, ${all.length} public pages`,
      cls + missing,
      `≤ ${goal.cls} on every page`,
      met(over.length === 0 && !missing),
    ],
    [
      `Lighthouse mobile, lowest score of the ${all.length} public pages`,
      scores.map(({ text }) => text).join('; ') + missing,
      `SEO ≥ ${goal.seo}; accessibility ${goal.accessibility}, best practices ≥ ${goal.bestPractices}, performance ≥ ${goal.performance} on every public page`,
      met(scores.every(({ ok }) => ok) && !missing),
    ],
  ];
}

function weightRows(weight: PageWeight | undefined): Cell[][] {
  if (!weight) return [];
  return [
    [
      'home page JS, gzip (every file it loads)',
      `${kilobytes(weight.js)} KB (${kilobytes(weight.jsUpFront)} KB of it named in index.html)`,
      `≤ ${WEIGHT_GOAL_KB.js} KB`,
      met(weight.js / 1024 <= WEIGHT_GOAL_KB.js),
    ],
  ];
}

function lcpRows(results: HomeLcpResult[] | undefined): Cell[][] {
  return (results ?? []).map((result) => {
    const lcp = median(result.runs.map((run) => run.lcp));
    return [
      `home page LCP, throttled Chromium, ${result.label} median of ${result.runs.length}`,
      `${(lcp / 1000).toFixed(2)} s`,
      `≤ ${LCP_GOAL_MS / 1000} s`,
      met(lcp <= LCP_GOAL_MS),
    ];
  });
}

export function printSummary(results: BenchResults): void {
  printTable(
    'Summary: each measure with its goal (timing never fails anything)',
    ['measure', 'value', 'goal', 'met?'],
    [
      ...catalogueRows(results.catalogue),
      ...contentionRows(results.contention),
      ...ordersRows(results.orders),
      ...lighthouseRows(results.lighthouse),
      ...weightRows(results.weight),
      ...lcpRows(results.lcp),
    ],
  );
}
