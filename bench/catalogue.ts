// The home page's catalogue read against its floor: a bare Fastify route in another process answering the
// same bytes, the two measured in turns in the same run.
import { startBareFastify } from './bare-floor.ts';
import { readInTurns, readLoad, readRequests, SECONDS, type ReadFigures } from './load.ts';
import { met, printTable, ratio, whole } from './report.ts';
import type { BenchServer, DatabaseKind } from './server-process.ts';

export const READ_PATH = '/api/parts?limit=6';
export const READ_GOAL = 0.5;
/** The other catalogue reads, for the record: shorter runs, no goal. */
const OTHER_SECONDS = 2;
/** The full list is asked this many times: at 5,000 tools ten lists at once take longer than OTHER_SECONDS. */
const FULL_LISTS = 30;

/** The read with nothing else going on, and its floor, taken in turns. */
export interface ReadAlone {
  bytes: number;
  shop: ReadFigures;
  bare: ReadFigures;
}

export interface CatalogueRow extends ReadAlone {
  database: DatabaseKind;
  tools: number;
  others: Array<{ label: string; figures: ReadFigures }>;
}

export async function readAlone(server: BenchServer): Promise<ReadAlone> {
  const body = await (await fetch(server.base + READ_PATH)).text();
  const bare = await startBareFastify(body);
  try {
    const [shop, floor] = await readInTurns([server.base + READ_PATH, bare.base + READ_PATH]);
    return { bytes: Buffer.byteLength(body), shop: shop!, bare: floor! };
  } finally {
    await bare.stop();
  }
}

export async function catalogueBench(server: BenchServer, alone: ReadAlone): Promise<CatalogueRow> {
  const [first] = (await (await fetch(server.base + READ_PATH)).json()) as Array<{ _id: string }>;
  const others = [
    {
      label: `GET /api/parts (every tool), ${FULL_LISTS} requests`,
      figures: await readRequests(server.base + '/api/parts', FULL_LISTS),
    },
    {
      label: `GET /api/parts/{id}, ${OTHER_SECONDS} s`,
      figures: await readLoad(`${server.base}/api/parts/${first!._id}`, OTHER_SECONDS),
    },
  ];
  return { database: server.database, tools: server.tools, ...alone, others };
}

export function printCatalogue(rows: CatalogueRow[]): void {
  printTable(
    `Catalogue read ÷ bare Fastify route (10 connections, ${SECONDS} s each in turns of a second; the bare ` +
      'route is a separate process with no logging, no hooks, answering the same bytes)',
    ['database', 'tools', 'endpoint', 'req/s', 'p99 ms', 'floor req/s', 'ratio', 'goal', 'met?'],
    rows.flatMap((row) => [
      [
        row.database,
        whole(row.tools),
        `GET ${READ_PATH} (${whole(row.bytes)} B)`,
        whole(row.shop.rps),
        whole(row.shop.p99),
        whole(row.bare.rps),
        ratio(row.shop.rps / row.bare.rps),
        `≥ ${READ_GOAL}`,
        met(row.shop.rps / row.bare.rps >= READ_GOAL),
      ],
      ...row.others.map(({ label, figures }) => [
        row.database,
        whole(row.tools),
        label,
        whole(figures.rps),
        whole(figures.p99),
        '',
        '',
        '—',
        '',
      ]),
    ]),
  );
}
