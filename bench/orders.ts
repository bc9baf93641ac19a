// 50 buyers ordering one tool at once, against its floor: the same reservation in raw SQL on the same
// database, from 50 concurrent clients, in the same run (bench/raw-reservation.ts), the two in turns.
import { signUpBuyers } from './buyers.ts';
import { orderLoad } from './load.ts';
import type { ReservationFigures } from './raw-reservation.ts';
import { met, printTable, ratio, whole } from './report.ts';
import type { BenchServer, DatabaseKind } from './server-process.ts';

export const BUYERS = 50;
const MIN_ORDER = 10;
const FITTING_ORDERS = Number(process.env.BENCH_ORDERS ?? 1500);
/** A third more orders than the stock fits, so that refusals (and any oversell) would show. */
const SENT = Math.round(FITTING_ORDERS * 1.33);
const STOCK = FITTING_ORDERS * MIN_ORDER;
/**
 * The shop and the floor take turns, a third of the orders each time: this machine's speed drifts by a third
 * within minutes (other work shares it), and then drifts alike for both.
 */
const TURNS = 3;
export const ORDERS_GOAL = { ratio: 0.5, p99: 100 };
/**
 * Orders each side books first, unmeasured, on a tool of its own: the shop's first rounds of 665 orders from a
 * fresh server had a p99 of 200–250, then 155, 150 and 85–90 ms, as the JIT compiled the order's path.
 */
const WARM_UP = 2000;

interface Outcome {
  ordersPerSecond: number;
  p99: number;
  booked: number;
  refused: number;
  failed: number;
  stockLeft: number;
}

export interface OrdersRow {
  database: DatabaseKind;
  /** Tools in the catalogue before the two bench tools were added. */
  tools: number;
  shop: Outcome;
  raw: Outcome;
}

export function ordersMet(row: OrdersRow): boolean {
  return (
    row.shop.ordersPerSecond / row.raw.ordersPerSecond >= ORDERS_GOAL.ratio && row.shop.p99 <= ORDERS_GOAL.p99
  );
}

interface Turn {
  booked: number;
  refused: number;
  failed: number;
  seconds: number;
  p99: number;
}

/** The turns' figures together; the p99 is the worst turn's. */
function together(turns: Turn[], stockLeft: number): Outcome {
  const sum = (figure: (turn: Turn) => number) => turns.reduce((total, turn) => total + figure(turn), 0);
  return {
    ordersPerSecond: sum((turn) => turn.booked) / sum((turn) => turn.seconds),
    p99: Math.max(...turns.map((turn) => turn.p99)),
    booked: sum((turn) => turn.booked),
    refused: sum((turn) => turn.refused),
    failed: sum((turn) => turn.failed),
    stockLeft,
  };
}

async function stockOf(base: string, toolId: string): Promise<number> {
  const tool = (await (await fetch(`${base}/api/parts/${toolId}`)).json()) as { availableQuantity: number };
  return tool.availableQuantity;
}

async function warmUp(server: BenchServer, emailPrefix: string, cookies: string[]): Promise<void> {
  const tool = { stock: WARM_UP * MIN_ORDER, minOrderQuantity: MIN_ORDER };
  const toolId = await server.addTool({ ...tool, name: 'Bench bearing (warm-up)' });
  await orderLoad({
    base: server.base,
    cookies,
    connections: BUYERS,
    amount: WARM_UP,
    choose: () => ({ toolId, quantity: MIN_ORDER }),
  }).figures;
  await server.mailsSent();
  const rawToolId = await server.addTool({ ...tool, name: 'Bench bearing (raw SQL warm-up)' });
  await server.reserveRaw(
    { toolId: rawToolId, quantity: MIN_ORDER, attempts: WARM_UP, buyerEmailPrefix: emailPrefix },
    BUYERS,
  );
}

/** The shop's orders on a new tool and the raw SQL on another with the same stock, in turns, each warmed up. */
export async function ordersBench(server: BenchServer): Promise<OrdersRow> {
  const { emailPrefix, cookies } = await signUpBuyers(server, BUYERS, 'orders');
  const toolId = await server.addTool({ name: 'Bench bearing', stock: STOCK, minOrderQuantity: MIN_ORDER });
  const rawToolId = await server.addTool({
    name: 'Bench bearing (raw SQL)',
    stock: STOCK,
    minOrderQuantity: MIN_ORDER,
  });
  await warmUp(server, emailPrefix, cookies);
  const shop: Turn[] = [];
  const raw: Array<ReservationFigures & { failed: number }> = [];
  for (let turn = 0; turn < TURNS; turn++) {
    const amount = Math.round((SENT * (turn + 1)) / TURNS) - Math.round((SENT * turn) / TURNS);
    const ordered = await orderLoad({
      base: server.base,
      cookies,
      connections: BUYERS,
      amount,
      choose: () => ({ toolId, quantity: MIN_ORDER }),
    }).figures;
    // The confirmation mails still being written are the shop's work, not the floor's: its turn lasts until
    // they are.
    shop.push({ ...ordered, seconds: ordered.seconds + (await server.mailsSent()) / 1000 });
    const reserved = await server.reserveRaw(
      { toolId: rawToolId, quantity: MIN_ORDER, attempts: amount, buyerEmailPrefix: emailPrefix },
      BUYERS,
    );
    raw.push({ ...reserved, failed: 0 });
  }
  return {
    database: server.database,
    tools: server.tools,
    shop: together(shop, await stockOf(server.base, toolId)),
    raw: together(raw, raw.at(-1)!.stockLeft),
  };
}

export function printOrders(rows: OrdersRow[]): void {
  const line = (row: OrdersRow, what: string, outcome: Outcome, goal: string, ok: string) => {
    const oversold = outcome.booked * MIN_ORDER - (STOCK - outcome.stockLeft);
    return [
      row.database,
      what,
      whole(outcome.ordersPerSecond),
      whole(outcome.p99),
      whole(outcome.booked),
      whole(outcome.refused) + (outcome.failed ? ` (+${outcome.failed} failed)` : ''),
      whole(outcome.stockLeft),
      oversold === 0 && outcome.stockLeft >= 0 ? 'yes' : `**no** (${oversold})`,
      goal,
      ok,
    ];
  };
  printTable(
    `Ordering: ${BUYERS} buyers, ${whole(SENT)} orders of ${MIN_ORDER} on one new tool whose stock fits ` +
      `${whole(FITTING_ORDERS)}, in a catalogue of ${whole(rows[0]?.tools ?? 0)} tools; floor: the same ` +
      `reservation in raw SQL, ${BUYERS} clients, on another new tool with the same stock; the two in ` +
      `${TURNS} turns of a third each, the shop's lasting until its confirmation mails are written (p99: the ` +
      "worst turn's)",
    [
      'database',
      'by',
      'orders/s',
      'p99 ms',
      'booked',
      'refused',
      'stock left',
      'stock adds up',
      'goal',
      'met?',
    ],
    rows.flatMap((row) => [
      line(
        row,
        'the shop (POST /api/order)',
        row.shop,
        `≥ ${ORDERS_GOAL.ratio} × raw SQL, p99 ≤ ${ORDERS_GOAL.p99} ms`,
        `${met(ordersMet(row))} (${ratio(row.shop.ordersPerSecond / row.raw.ordersPerSecond)})`,
      ),
      line(row, 'raw SQL (UPDATE + INSERT, one transaction)', row.raw, 'floor', ''),
    ]),
    process.env.DATABASE_URL ? [] : ['PostgreSQL: set DATABASE_URL to measure it too.'],
  );
}
