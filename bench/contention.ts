// The catalogue read while buyers keep ordering, against the same read alone: every order changes a tool's
// stock, so this shows what each change costs the readers (the cache dropped and loaded again, locks).
import type { Tool } from '#shared/schemas/tools.ts';
import { signUpBuyers } from './buyers.ts';
import { sleep } from './child-process.ts';
import { READ_PATH } from './catalogue.ts';
import {
  orderLoad,
  readLoad,
  SECONDS,
  type OrderChoice,
  type OrderFigures,
  type ReadFigures,
} from './load.ts';
import { met, printTable, ratio, whole } from './report.ts';
import type { BenchServer, DatabaseKind } from './server-process.ts';

export const BUYERS = 10;
export const CONTENTION_GOAL = { ratio: 0.7, p99: 20 };

export interface ContentionRow {
  database: DatabaseKind;
  tools: number;
  kind: 'spread' | 'hot';
  scenario: string;
  alone: ReadFigures;
  during: ReadFigures;
  orders: OrderFigures;
}

export function contentionMet(row: ContentionRow): boolean {
  return row.during.rps / row.alone.rps >= CONTENTION_GOAL.ratio && row.during.p99 <= CONTENTION_GOAL.p99;
}

function orderOf(tool: Tool): OrderChoice {
  return { toolId: tool._id, quantity: tool.minOrderQuantity };
}

/** Two runs: orders spread over the tools the read does not show, then all on one tool that it shows. */
export async function contentionBench(server: BenchServer, alone: ReadFigures): Promise<ContentionRow[]> {
  const { cookies } = await signUpBuyers(server, BUYERS, 'contention');
  const tools = (await (await fetch(`${server.base}/api/parts`)).json()) as Tool[];
  const shown = tools.slice(0, 6);
  // Not the ordering bench's tools, whose stock it used up.
  const others = tools.slice(6).filter((tool) => tool.availableQuantity >= tool.minOrderQuantity * 1000);
  const scenarios = [
    {
      kind: 'spread' as const,
      scenario: `spread: a random one of the ${whole(others.length)} tools outside the 6 newest`,
      choose: () => orderOf(others[Math.floor(Math.random() * others.length)]!),
    },
    {
      kind: 'hot' as const,
      scenario: `hot: the newest tool ("${shown[0]!.name}")`,
      choose: () => orderOf(shown[0]!),
    },
  ];
  const rows: ContentionRow[] = [];
  for (const { kind, scenario, choose } of scenarios) {
    const orders = orderLoad({ base: server.base, cookies, connections: BUYERS, choose });
    await sleep(500);
    const during = await readLoad(server.base + READ_PATH).finally(() => orders.stop());
    const figures = await orders.figures;
    // The confirmation mails of these orders are still being written: what comes next is measured without them.
    await server.mailsSent();
    rows.push({
      database: server.database,
      tools: server.tools,
      kind,
      scenario,
      alone,
      during,
      orders: figures,
    });
  }
  return rows;
}

export function printContention(rows: ContentionRow[]): void {
  printTable(
    `GET ${READ_PATH} while ${BUYERS} signed-in buyers keep ordering (POST /api/order, ${BUYERS} connections), ` +
      `÷ the same read alone (${SECONDS} s each)`,
    [
      'database',
      'tools',
      'orders on',
      'read alone req/s',
      'read while ordering req/s',
      'ratio',
      'p99 ms',
      'orders/s',
      'goal',
      'met?',
    ],
    rows.map((row) => [
      row.database,
      whole(row.tools),
      row.scenario + (row.orders.failed ? ` (${row.orders.failed} orders failed)` : ''),
      whole(row.alone.rps),
      whole(row.during.rps),
      ratio(row.during.rps / row.alone.rps),
      whole(row.during.p99),
      whole(row.orders.ordersPerSecond),
      `≥ ${CONTENTION_GOAL.ratio}, p99 ≤ ${CONTENTION_GOAL.p99} ms`,
      met(contentionMet(row)),
    ]),
  );
}
