// One server process against two on one PostgreSQL database: orders (50 buyers on one tool, spread over the
// processes) and the home page's catalogue read (10 connections per process), in the same run.
import { createTestDatabase } from '#server/testing/test-database.ts';
import { signUpBuyers } from './buyers.ts';
import { READ_PATH } from './catalogue.ts';
import { orderLoad, readLoad, READ_CONNECTIONS, SECONDS } from './load.ts';
import { printTable, ratio, whole } from './report.ts';
import { startBenchServer, type BenchServer } from './server-process.ts';

const BUYERS = 50;
const ORDERS = 1500;
const MIN_ORDER = 10;

export interface ProcessesRow {
  processes: number;
  ordersPerSecond: number;
  readsPerSecond: number;
}

async function measure(servers: BenchServer[]): Promise<ProcessesRow> {
  const [first] = servers as [BenchServer];
  const { cookies } = await signUpBuyers(first, BUYERS, `processes${servers.length}`);
  const toolId = await first.addTool({
    name: 'Bench bearing (processes)',
    stock: ORDERS * MIN_ORDER,
    minOrderQuantity: MIN_ORDER,
  });
  const orders = await Promise.all(
    servers.map(
      (server) =>
        orderLoad({
          base: server.base,
          cookies,
          connections: BUYERS / servers.length,
          amount: ORDERS / servers.length,
          choose: () => ({ toolId, quantity: MIN_ORDER }),
        }).figures,
    ),
  );
  if (orders.some((figures) => figures.failed > 0)) throw new Error('an order failed');
  const reads = await Promise.all(servers.map((server) => readLoad(server.base + READ_PATH)));
  return {
    processes: servers.length,
    ordersPerSecond: orders.reduce((sum, figures) => sum + figures.ordersPerSecond, 0),
    readsPerSecond: reads.reduce((sum, figures) => sum + figures.rps, 0),
  };
}

/** The same measures with one process, then with two, each on a fresh database of DATABASE_URL's server. */
export async function processesBench(): Promise<ProcessesRow[]> {
  const rows: ProcessesRow[] = [];
  for (const count of [1, 2]) {
    const database = await createTestDatabase();
    const servers: BenchServer[] = [];
    try {
      // One after the other: the first migrates and seeds.
      for (let i = 0; i < count; i++) servers.push(await startBenchServer('PostgreSQL', database));
      rows.push(await measure(servers));
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await database.destroy();
    }
  }
  return rows;
}

export function printProcesses(rows: ProcessesRow[]): void {
  const [one] = rows;
  printTable(
    `Several processes on one PostgreSQL: ${whole(ORDERS)} orders from ${BUYERS} buyers on one tool, spread ` +
      `evenly over the processes, then GET ${READ_PATH} from ${READ_CONNECTIONS} connections per process for ` +
      `${SECONDS} s (load, processes and PostgreSQL share this machine's cores)`,
    ['processes', 'orders/s', '× one process', 'catalogue reads/s', '× one process'],
    rows.map((row) => [
      String(row.processes),
      whole(row.ordersPerSecond),
      one ? ratio(row.ordersPerSecond / one.ordersPerSecond) : '',
      whole(row.readsPerSecond),
      one ? ratio(row.readsPerSecond / one.readsPerSecond) : '',
    ]),
  );
}
