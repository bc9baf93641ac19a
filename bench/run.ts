// npm run bench [-- part…]: the catalogue read against a bare Fastify route, the same read while buyers order,
// ordering against the same reservation in raw SQL (on PGlite, and on PostgreSQL when DATABASE_URL is set),
// one and two server processes on one PostgreSQL, the home page's weight, Lighthouse on every public page, the
// home page's LCP in throttled Chromium, and the built server at 1,000 and at 100,000 tools.
// Prints a table per part and a summary with each goal; it is not a test and never fails on timing.
import os from 'node:os';
import { startBuiltServer } from './built-server.ts';
import { catalogueBench, printCatalogue, readAlone } from './catalogue.ts';
import { catalogueSizeBench, printCatalogueSize } from './catalogue-size.ts';
import { contentionBench, printContention } from './contention.ts';
import { homeLcpBench, printHomeLcp } from './home-lcp.ts';
import { lighthouseBench, printLighthouse } from './lighthouse.ts';
import { ordersBench, printOrders } from './orders.ts';
import { printProcesses, processesBench } from './processes.ts';
import { homePageWeight, printPageWeight } from './page-weight.ts';
import { benchDatabases, startBenchServer } from './server-process.ts';
import { printSummary, type BenchResults } from './summary.ts';

const PARTS = [
  'catalogue',
  'contention',
  'orders',
  'processes',
  'weight',
  'lighthouse',
  'lcp',
  'size',
] as const;
type Part = (typeof PARTS)[number];
const DEMO_SIZE = 12;
const CATALOGUE_SIZES = [DEMO_SIZE, 5000];

const asked = process.argv.slice(2);
const unknown = asked.filter((part) => !PARTS.includes(part as Part));
if (unknown.length > 0) {
  console.error(`Unknown part ${unknown.join(', ')}: choose from ${PARTS.join(', ')} (none: all of them).`);
  process.exit(2);
}
const parts = new Set<Part>(asked.length > 0 ? (asked as Part[]) : PARTS);
const results: BenchResults = { catalogue: [], contention: [], orders: [], lighthouse: [], size: [] };
const started = Date.now();
console.log(
  `Bench: ${[...parts].join(', ')}; ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} ` +
    `at the start (load and server share the machine: figures are noisy, the ratios less so).`,
);

const readParts = parts.has('catalogue') || parts.has('contention');
if (readParts || parts.has('orders')) {
  // One server per database: the reads on the demo catalogue and the orders, then the reads again once the
  // catalogue has been filled up to 5,000 tools.
  for (const database of benchDatabases()) {
    const server = await startBenchServer(database);
    try {
      for (const size of readParts ? CATALOGUE_SIZES : [DEMO_SIZE]) {
        await server.fillCatalogue(size);
        if (readParts) {
          const alone = await readAlone(server);
          if (parts.has('catalogue')) results.catalogue.push(await catalogueBench(server, alone));
          if (parts.has('contention'))
            results.contention.push(...(await contentionBench(server, alone.shop)));
        }
        if (size === DEMO_SIZE && parts.has('orders')) results.orders.push(await ordersBench(server));
      }
    } finally {
      await server.stop();
    }
  }
  if (parts.has('catalogue')) printCatalogue(results.catalogue);
  if (parts.has('contention')) printContention(results.contention);
  if (parts.has('orders')) printOrders(results.orders);
}

if (parts.has('processes')) {
  if (process.env.DATABASE_URL) printProcesses(await processesBench());
  else console.log('\nSeveral processes: set DATABASE_URL to a PostgreSQL server to measure them.');
}

if (parts.has('weight') || parts.has('lighthouse') || parts.has('lcp')) {
  const server = await startBuiltServer();
  try {
    if (parts.has('weight')) {
      results.weight = await homePageWeight(server.base);
      printPageWeight(results.weight);
    }
    if (parts.has('lighthouse')) {
      results.lighthouse = await lighthouseBench(server.base);
      printLighthouse(results.lighthouse);
    }
    if (parts.has('lcp')) {
      results.lcp = await homeLcpBench(server.base);
      printHomeLcp(results.lcp);
    }
  } finally {
    await server.stop();
  }
}

if (parts.has('size')) {
  results.size = await catalogueSizeBench();
  printCatalogueSize(results.size);
}

printSummary(results);
console.log(`\nDone in ${Math.round((Date.now() - started) / 1000)} s.`);
