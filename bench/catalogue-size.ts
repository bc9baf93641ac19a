// The catalogue at 1,000 and at 100,000 tools (issue 14), on the built server and the embedded database: its
// start, the latency of page and search requests (each asked for the first time, so from the database, on
// every start; and a few asked over and over, as real traffic repeats them), its memory after that load and
// after the full list, and what the browser transfers to show /parts. Each catalogue is made once, by
// `npm run db:seed -- --tools N` in a data folder of its own that is removed at the end.
import { fork, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CATALOGUE_PAGE_SIZE, CATALOGUE_SORTS } from '#shared/schemas/tools.ts';
import { builtServerEnv, startBuiltServer, type BuiltServer } from './built-server.ts';
import {
  latencyFigures,
  pathsLatencies,
  READ_CONNECTIONS,
  SECONDS,
  type Latencies,
  type LatencyFigures,
} from './load.ts';
import { pageTransfer, type TransferKind } from './page-weight.ts';
import { kilobytes, median, met, millis, printTable, ratio, whole, type Cell } from './report.ts';

export const SIZES = [1000, 100_000];
export const SIZE_GOAL = { ratio: 1.5, healthMs: 100, partsPageKb: 60 };
const STARTS = 3;
/** The catalogue's pages that the page mix reads: the first 50 (or up to the last, when there are fewer). */
const PAGES_READ = 50;
const PAGES_PER_LIST = 8;
const HEALTH_EVERY_MS = 50;
/** As a browser asks: the answers come compressed, as the shop's visitors get them. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

export const MIXES = ['page', 'search'] as const;
export const PASSES = ['first', 'repeated'] as const;
export type Mix = (typeof MIXES)[number];
export type Pass = (typeof PASSES)[number];
export const PASS_LABEL: Record<Pass, string> = {
  first: 'first time (from the database)',
  repeated: 'repeated (as real traffic repeats)',
};

type Params = Record<string, string>;

/** The page mix's filters: none, in stock, and price ranges that take the fasteners, the small tools, the big. */
const PAGE_FILTERS: Params[] = [
  {},
  { inStock: 'true' },
  { maxPrice: '1' },
  { minPrice: '1', maxPrice: '25' },
  { minPrice: '40', maxPrice: '400' },
  { inStock: 'true', minPrice: '1', maxPrice: '25' },
];

/** What buyers type, in the generated catalogue's words (generated-tools.ts): sizes, word orders, typos. */
const SEARCHES = [
  'hex bolt m10',
  'm8 nut',
  'cordless drill',
  'wrech',
  'grinder 125',
  'bolt m10 hex',
  'flange nut m12',
  'torque wrench 1/2',
  'bearing 6204',
  'spanner 13 mm',
  'bench vise 150',
  '18v brushless drill',
  'stainless nut',
  'galvanized bolt m8',
  'bearng 2rs',
  'angle grindr 230',
];
const SEARCH_FILTERS: Params[] = [{}, { inStock: 'true' }, { maxPrice: '50' }];

const catalogue = (params: Params) => `/api/catalogue?${new URLSearchParams(params).toString()}`;

/** `count` pages spread from the first to `last`, each once. */
function spread(last: number, count: number): number[] {
  const pages = Array.from({ length: count }, (_, i) => 1 + Math.round((i * (last - 1)) / (count - 1)));
  return [...new Set(pages)];
}

/** Matches of each page filter (asked with a page size no mix uses, so that no answer of the mix is kept). */
async function lastPages(base: string): Promise<number[]> {
  return Promise.all(
    PAGE_FILTERS.map(async (filter) => {
      const response = await fetch(base + catalogue({ ...filter, pageSize: '1' }));
      const { total } = (await response.json()) as { total: number };
      return Math.max(1, Math.min(PAGES_READ, Math.ceil(total / CATALOGUE_PAGE_SIZE)));
    }),
  );
}

/** Every path different: each sort of each filter, pages spread over the first PAGES_READ. */
function pagesOnce(last: number[]): string[] {
  const paths = new Set<string>();
  for (let i = 0; i < PAGES_PER_LIST; i++)
    for (const [f, filter] of PAGE_FILTERS.entries())
      for (const sort of CATALOGUE_SORTS) {
        const page = spread(last[f]!, PAGES_PER_LIST)[i];
        if (page !== undefined) paths.add(catalogue({ ...filter, sort, page: String(page) }));
      }
  return [...paths];
}

/** 30 pages that buyers keep asking for: the first pages of each sort, in stock, the price ranges. */
function pagesRepeated(): string[] {
  const first = (filter: Params, pages: number) =>
    Array.from({ length: pages }, (_, i) => catalogue({ ...filter, page: String(i + 1) }));
  return [
    ...CATALOGUE_SORTS.flatMap((sort) => first({ sort }, 5)),
    ...first({ inStock: 'true' }, 5),
    ...PAGE_FILTERS.slice(2, 5).map((filter) => catalogue(filter)),
    ...first(PAGE_FILTERS[5]!, 2),
  ];
}

function searchesOnce(): string[] {
  return SEARCHES.flatMap((q) =>
    CATALOGUE_SORTS.flatMap((sort) => SEARCH_FILTERS.map((filter) => catalogue({ q, sort, ...filter }))),
  );
}

/** 30 searches asked again and again: each as typed, some sorted, filtered or on their second page. */
function searchesRepeated(): string[] {
  return [
    ...SEARCHES.map((q) => catalogue({ q })),
    ...SEARCHES.slice(0, 5).map((q) => catalogue({ q, sort: 'price-asc' })),
    ...SEARCHES.slice(0, 5).map((q) => catalogue({ q, page: '2' })),
    ...SEARCHES.slice(5, 9).map((q) => catalogue({ q, inStock: 'true' })),
  ];
}

export interface FullList {
  ms: number;
  /** JSON, as decoded: it travels compressed. */
  bytes: number;
  healthMaxMs: number;
  healthPolls: number;
  rssKb: number;
}

/** The first-time page and search loads of one start. */
type FirstTime = Record<Mix, LatencyFigures>;

export interface SizeRun {
  tools: number;
  seedMs: number;
  startupMs: number[];
  /** First time: the start whose p95 is the median of every start's (`firstTimeP95`), per mix. */
  latency: Record<Mix, Record<Pass, LatencyFigures>>;
  firstTimeP95: Record<Mix, number[]>;
  /** RSS and its peak (VmHWM) after the page and search load. */
  rssKb: number;
  peakKb: number;
  fullList: FullList;
  /** At the largest catalogue only. */
  partsPage?: { kinds: TransferKind[]; quiet: boolean };
}

/** VmRSS and VmHWM of a process, in kB (NaN where /proc is not there). */
function memoryOf(pid: number): { rssKb: number; peakKb: number } {
  let status = '';
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    // Not Linux: no figure.
  }
  const field = (name: string) => Number(new RegExp(`^${name}:\\s*(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { rssKb: field('VmRSS'), peakKb: field('VmHWM') };
}

/** `npm run db:seed -- --tools N` in `dataDir`; answers how long it took. */
async function seed(dataDir: string, tools: number): Promise<number> {
  const started = performance.now();
  const child = spawn('npm', ['run', '--silent', 'db:seed', '--', '--tools', String(tools)], {
    env: builtServerEnv(dataDir),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`npm run db:seed -- --tools ${tools} exited with ${code}:\n${stderr}`);
  return performance.now() - started;
}

/** Polls GET /api/health every HEALTH_EVERY_MS from bench/health-poller.ts until `stop()`, which answers the waits. */
async function pollHealth(base: string): Promise<{ stop(): Promise<number[]> }> {
  const child = fork('bench/health-poller.ts', {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const message = () =>
    new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`the health poller exited with ${code}`)));
    });
  await message();
  child.send({ base, everyMs: HEALTH_EVERY_MS });
  await message();
  return {
    stop: () =>
      new Promise<number[]>((resolve) => {
        child.once('message', (waits: number[]) => resolve(waits));
        child.send('stop');
      }),
  };
}

/** GET /api/parts read to its end, with GET /api/health asked every HEALTH_EVERY_MS meanwhile (another process). */
async function fullList(server: BuiltServer): Promise<FullList> {
  const poller = await pollHealth(server.base);
  const started = performance.now();
  // fetch asks for it compressed, as a browser does, and decodes it.
  const response = await fetch(`${server.base}/api/parts`);
  if (!response.ok || !response.body) throw new Error(`GET /api/parts: ${response.status}`);
  const reader = response.body.getReader();
  let bytes = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) bytes += read.value.byteLength;
  const ms = performance.now() - started;
  const health = await poller.stop();
  return {
    ms,
    bytes,
    healthMaxMs: Math.max(...health),
    healthPolls: health.length,
    rssKb: memoryOf(server.pid).rssKb,
  };
}

interface Prepared {
  tools: number;
  dataDir: string;
  seedMs: number;
  startupMs: number[];
  firstTimes: FirstTime[];
}

const askedOnce = async (base: string, paths: string[]) =>
  latencyFigures(await pathsLatencies(base, paths, { once: true }, BROWSER_HEADERS));

/** Every page, then every search, of the mixes asked once each, on a server that has answered none yet. */
async function firstTimeLoads(base: string): Promise<FirstTime> {
  const page = await askedOnce(base, pagesOnce(await lastPages(base)));
  return { page, search: await askedOnce(base, searchesOnce()) };
}

const REPEATED: Record<Mix, () => string[]> = { page: pagesRepeated, search: searchesRepeated };

const together = (runs: Latencies[]): Latencies => ({
  latencies: runs.flatMap((run) => run.latencies),
  seconds: runs.reduce((sum, run) => sum + run.seconds, 0),
});

/**
 * Each mix asked round and round of every server in turns of a second, SECONDS each in all after a second of
 * warm-up each, the servers' order changing every turn: one size after the other, the machine's drift made the
 * same cached answers 35 % slower at one size than at the other (10,021 and 6,484 req/s), where in turns the
 * two sizes answer within 5 % of each other.
 */
async function repeatedInTurns(bases: string[]): Promise<Array<Record<Mix, LatencyFigures>>> {
  const runs = bases.map(() => ({ page: [] as Latencies[], search: [] as Latencies[] }));
  const turn = (base: string, paths: string[]) =>
    pathsLatencies(base, paths, { seconds: 1 }, BROWSER_HEADERS);
  for (const mix of MIXES) {
    const paths = REPEATED[mix]();
    for (const base of bases) await turn(base, paths);
    for (let second = 0; second < SECONDS; second++) {
      const order = second % 2 === 0 ? [...bases.keys()] : [...bases.keys()].reverse();
      for (const i of order) runs[i]![mix].push(await turn(bases[i]!, paths));
    }
  }
  return runs.map((run) => ({
    page: latencyFigures(together(run.page)),
    search: latencyFigures(together(run.search)),
  }));
}

/** The figures of the start whose p95 is the median (the higher middle one of an even count). */
function medianStart(firstTimes: FirstTime[], mix: Mix): LatencyFigures {
  const sorted = firstTimes.map((first) => first[mix]).sort((a, b) => a.p95 - b.p95);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The memory and the full list, and /parts if `weighParts`, on the last start, after the repeated loads. */
async function measureServer(
  catalogue: Prepared,
  server: BuiltServer,
  repeated: Record<Mix, LatencyFigures>,
  weighParts: boolean,
): Promise<SizeRun> {
  const { firstTimes } = catalogue;
  const memory = memoryOf(server.pid);
  const list = await fullList(server);
  return {
    tools: catalogue.tools,
    seedMs: catalogue.seedMs,
    startupMs: catalogue.startupMs,
    latency: {
      page: { first: medianStart(firstTimes, 'page'), repeated: repeated.page },
      search: { first: medianStart(firstTimes, 'search'), repeated: repeated.search },
    },
    firstTimeP95: {
      page: firstTimes.map((first) => first.page.p95),
      search: firstTimes.map((first) => first.search.p95),
    },
    ...memory,
    fullList: list,
    partsPage: weighParts ? await pageTransfer(`${server.base}/parts`) : undefined,
  };
}

/** A server started on the catalogue, its start timed, and the first-time loads asked of it. */
async function startAndAskOnce(catalogue: Prepared): Promise<BuiltServer> {
  const server = await startBuiltServer({ dataDir: catalogue.dataDir });
  try {
    catalogue.startupMs.push(server.startupMs);
    catalogue.firstTimes.push(await firstTimeLoads(server.base));
    return server;
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/**
 * Makes every catalogue first, then starts the server on each in turns, STARTS times (so that a change in the
 * machine's load, which other work shares, falls on every size alike). Each start answers the first-time
 * loads, whose p95 moves by a third from one start to the next. On the last start every size's server stays
 * up: the repeated loads take turns between them, then each is measured further.
 */
export async function catalogueSizeBench(): Promise<SizeRun[]> {
  const catalogues: Prepared[] = [];
  try {
    for (const tools of SIZES) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), `shop-bench-size-${tools}-`));
      const catalogue: Prepared = { tools, dataDir, seedMs: NaN, startupMs: [], firstTimes: [] };
      catalogues.push(catalogue);
      catalogue.seedMs = await seed(dataDir, tools);
    }
    for (let start = 1; start < STARTS; start++)
      for (const catalogue of catalogues) await (await startAndAskOnce(catalogue)).stop();
    const servers: BuiltServer[] = [];
    try {
      for (const catalogue of catalogues) servers.push(await startAndAskOnce(catalogue));
      const repeated = await repeatedInTurns(servers.map((server) => server.base));
      const runs: SizeRun[] = [];
      for (const [i, catalogue] of catalogues.entries())
        runs.push(await measureServer(catalogue, servers[i]!, repeated[i]!, i === catalogues.length - 1));
      return runs;
    } finally {
      for (const server of servers) await server.stop();
    }
  } finally {
    for (const { dataDir } of catalogues) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The figures of the smallest and the largest catalogue, and the second ÷ the first. */
export function compared(runs: SizeRun[], pick: (run: SizeRun) => number) {
  const small = pick(runs[0]!);
  const large = pick(runs.at(-1)!);
  return { small, large, ratio: large / small };
}

export const startupOf = (run: SizeRun) => median(run.startupMs);
const mb = (kb: number) => (kb / 1024).toFixed(0);

/** Everything /parts transferred but its images; the images apart. */
export function partsWeight(kinds: TransferKind[]) {
  const sum = (list: TransferKind[], pick: (kind: TransferKind) => number) =>
    list.reduce((total, kind) => total + pick(kind), 0);
  const page = kinds.filter((kind) => kind.type !== 'Image');
  return {
    page: sum(page, (kind) => kind.bytes),
    pageHeaders: sum(page, (kind) => kind.headerBytes),
    images: sum(
      kinds.filter((kind) => kind.type === 'Image'),
      (kind) => kind.bytes,
    ),
  };
}

function printLatency(runs: SizeRun[]): void {
  const [small, large] = [runs[0]!, runs.at(-1)!];
  const figures = (run: SizeRun, mix: Mix, pass: Pass) => {
    const f = run.latency[mix][pass];
    const starts = pass === 'first' ? ` (${run.firstTimeP95[mix].map(millis).join(', ')})` : '';
    return [millis(f.p50), `${millis(f.p95)}${starts}`, whole(f.rps)];
  };
  printTable(
    `Catalogue size: GET /api/catalogue at ${whole(small.tools)} and ${whole(large.tools)} tools (built ` +
      `server, PGlite; ${READ_CONNECTIONS} connections; first time: every request different, each once, on ` +
      `each of ${STARTS} starts, the start with the median p95 shown (each start's p95); repeated: 30 ` +
      `requests round and round, ${SECONDS} s at each size in turns of a second, on the last start)`,
    [
      'mix',
      'requests',
      'count',
      `p50 ms ${whole(small.tools)}`,
      `p95 ms ${whole(small.tools)}`,
      `req/s ${whole(small.tools)}`,
      `p50 ms ${whole(large.tools)}`,
      `p95 ms ${whole(large.tools)}`,
      `req/s ${whole(large.tools)}`,
      'p95 ratio',
      'goal',
      'met?',
    ],
    MIXES.flatMap((mix) =>
      PASSES.map((pass) => {
        const p95 = compared(runs, (run) => run.latency[mix][pass].p95);
        return [
          mix === 'page' ? 'pages (no search)' : 'search',
          PASS_LABEL[pass],
          `${whole(small.latency[mix][pass].requests)} / ${whole(large.latency[mix][pass].requests)}`,
          ...figures(small, mix, pass),
          ...figures(large, mix, pass),
          ratio(p95.ratio),
          `≤ ${SIZE_GOAL.ratio}`,
          met(p95.ratio <= SIZE_GOAL.ratio),
        ];
      }),
    ),
    [
      `Page mix: ${PAGE_FILTERS.length} filters (none, in stock, price ranges) × ${CATALOGUE_SORTS.length} sorts × ` +
        `up to ${PAGES_PER_LIST} pages spread over the first ${PAGES_READ}. Search mix: ${SEARCHES.length} ` +
        `searches (${SEARCHES.map((q) => `"${q}"`).join(', ')}) × ${CATALOGUE_SORTS.length} sorts × ` +
        `${SEARCH_FILTERS.length} filters. Asked as a browser asks (compressed answers).`,
    ],
  );
}

function printMemory(runs: SizeRun[]): void {
  const [small, large] = [runs[0]!, runs.at(-1)!];
  const startup = compared(runs, startupOf);
  const rss = compared(runs, (run) => run.rssKb);
  const health = compared(runs, (run) => run.fullList.healthMaxMs);
  const starts = (run: SizeRun) => `${whole(startupOf(run))} (${run.startupMs.map(whole).join(', ')})`;
  printTable(
    `Catalogue size: start, memory and the full list at ${whole(small.tools)} and ${whole(large.tools)} tools`,
    ['measure', whole(small.tools), whole(large.tools), 'ratio', 'goal', 'met?'],
    [
      [
        `start to the first 200 from GET /api/health, median of ${STARTS} (each) ms`,
        starts(small),
        starts(large),
        ratio(startup.ratio),
        `≤ ${SIZE_GOAL.ratio}`,
        met(startup.ratio <= SIZE_GOAL.ratio),
      ],
      [
        'server RSS after the page and search load, MB',
        mb(small.rssKb),
        mb(large.rssKb),
        ratio(rss.ratio),
        `≤ ${SIZE_GOAL.ratio}`,
        met(rss.ratio <= SIZE_GOAL.ratio),
      ],
      ['its peak so far (VmHWM), MB', mb(small.peakKb), mb(large.peakKb), '', '—', ''],
      [
        'GET /api/parts (every tool, compressed as a browser asks), ms',
        whole(small.fullList.ms),
        whole(large.fullList.ms),
        '',
        '—',
        '',
      ],
      [
        'its JSON, MB',
        (small.fullList.bytes / 1e6).toFixed(1),
        (large.fullList.bytes / 1e6).toFixed(1),
        '',
        '—',
        '',
      ],
      [
        `longest GET /api/health meanwhile (asked every ${HEALTH_EVERY_MS} ms), ms`,
        whole(health.small),
        whole(health.large),
        '',
        `≤ ${SIZE_GOAL.healthMs}`,
        met(Math.max(health.small, health.large) <= SIZE_GOAL.healthMs),
      ],
      ['server RSS after it, MB', mb(small.fullList.rssKb), mb(large.fullList.rssKb), '', '—', ''],
    ],
    [
      `Catalogues made by \`npm run db:seed -- --tools N\`: ${runs
        .map((run) => `${whole(run.tools)} in ${(run.seedMs / 1000).toFixed(0)} s`)
        .join(
          ', ',
        )}. The sizes took turns to start (a new process on the same data folder each time); the load ran on each one's last start.`,
    ],
  );
}

/** The resources whose paths the table names (the build's scripts, styles and images it only counts). */
const NAMED = new Set(['Document', 'Fetch', 'XHR', 'Other']);

function printPartsPage(run: SizeRun): void {
  if (!run.partsPage) return;
  const { kinds, quiet } = run.partsPage;
  const weight = partsWeight(kinds);
  const row = (kind: TransferKind): Cell[] => [
    kind.type + (NAMED.has(kind.type) ? ` (${kind.paths.map((each) => `\`${each}\``).join(', ')})` : ''),
    whole(kind.requests) + (kind.unfinished > 0 ? ` (${kind.unfinished} unfinished)` : ''),
    kilobytes(kind.bytes),
    kilobytes(kind.headerBytes),
    '',
    '',
  ];
  printTable(
    `First /parts page at ${whole(run.tools)} tools: what Chromium transferred (mobile, not scrolled, until ` +
      'the network was quiet; compressed as sent, headers included)',
    ['resource', 'requests', 'KB', 'of it headers, KB', 'goal', 'met?'],
    [
      ...kinds.filter((kind) => kind.type !== 'Image').map(row),
      [
        '**the page and its data (all but images)**',
        '',
        `**${kilobytes(weight.page)}**`,
        kilobytes(weight.pageHeaders),
        `≤ ${SIZE_GOAL.partsPageKb}`,
        met(quiet && weight.page / 1024 <= SIZE_GOAL.partsPageKb),
      ],
      ...kinds.filter((kind) => kind.type === 'Image').map((kind) => [...row(kind).slice(0, 4), '—', '']),
    ],
    quiet ? [] : ['The network was not quiet after 60 s: the figures are what had arrived by then.'],
  );
}

export function printCatalogueSize(runs: SizeRun[]): void {
  if (runs.length === 0) return;
  printLatency(runs);
  printMemory(runs);
  printPartsPage(runs.at(-1)!);
}
