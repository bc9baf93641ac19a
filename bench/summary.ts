// The compact table, in the order of issue 13's: each measure with this run's figure, its floor, the goal.
import { READ_GOAL, READ_PATH, type CatalogueRow } from './catalogue.ts';
import {
  compared,
  MIXES,
  PASSES,
  partsWeight,
  SIZE_GOAL,
  startupOf,
  type SizeRun,
} from './catalogue-size.ts';
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
import { kilobytes, median, met, millis, printTable, ratio, whole, type Cell } from './report.ts';

export interface BenchResults {
  catalogue: CatalogueRow[];
  contention: ContentionRow[];
  orders: OrdersRow[];
  lighthouse: LighthouseRow[];
  weight?: PageWeight;
  lcp?: HomeLcpResult[];
  size: SizeRun[];
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
      `Lighthouse mobile, lowest score of the ${all.length} public pages (performance: each page's median run)`,
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

function sizeRows(runs: SizeRun[]): Cell[][] {
  if (runs.length === 0) return [];
  const [small, large] = [whole(runs[0]!.tools), whole(runs.at(-1)!.tools)];
  const goal = `≤ ${SIZE_GOAL.ratio}`;
  const of = (pick: (run: SizeRun) => number, unit: string) => {
    const { small: a, large: b, ratio: r } = compared(runs, pick);
    return { text: `${millis(b)} ÷ ${millis(a)} ${unit} = ${ratio(r)}`, ok: r <= SIZE_GOAL.ratio };
  };
  const latency = MIXES.map((mix) => {
    const passes = PASSES.map((pass) => ({ pass, ...of((run) => run.latency[mix][pass].p95, 'ms') }));
    return [
      `p95 of a ${mix === 'page' ? 'page' : 'search'} request at ${large} ÷ at ${small} tools, PGlite`,
      passes
        .map(({ pass, text }) => `${pass === 'first' ? 'first time (median start)' : 'repeated'} ${text}`)
        .join('; '),
      goal,
      met(passes.every(({ ok }) => ok)),
    ];
  });
  const rss = of((run) => run.rssKb / 1024, 'MB');
  const startup = of(startupOf, 'ms');
  const list = runs.at(-1)!.fullList;
  const parts = runs.at(-1)!.partsPage;
  const weight = parts && partsWeight(parts.kinds);
  return [
    ...latency,
    [`server RSS after that load at ${large} ÷ at ${small} tools`, rss.text, goal, met(rss.ok)],
    [`start to a healthy server at ${large} ÷ at ${small} tools`, startup.text, goal, met(startup.ok)],
    [
      `longest GET /api/health while GET /api/parts sends ${large} tools`,
      `${whole(list.healthMaxMs)} ms (the list in ${whole(list.ms)} ms)`,
      `≤ ${SIZE_GOAL.healthMs} ms`,
      met(list.healthMaxMs <= SIZE_GOAL.healthMs),
    ],
    ...(weight
      ? [
          [
            `first /parts page at ${large} tools, transferred (all but images)`,
            `${kilobytes(weight.page)} KB (images apart: ${kilobytes(weight.images)} KB)`,
            `≤ ${SIZE_GOAL.partsPageKb} KB`,
            met(parts.quiet && weight.page / 1024 <= SIZE_GOAL.partsPageKb),
          ],
        ]
      : []),
  ];
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
      ...sizeRows(results.size),
    ],
  );
}
