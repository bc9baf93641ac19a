import autocannon from 'autocannon';
import { startBenchServer } from './server-process.ts';

const BUYERS = 50;
const MIN_ORDER = 10;
const FITTING_ORDERS = Number(process.env.BENCH_ORDERS ?? 1500);
/** A third more orders than the stock fits, so that refusals (and any oversell) would show. */
const SENT = Math.round(FITTING_ORDERS * 1.33);

async function signUpBuyers(base: string): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < BUYERS; i++) {
    const response = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({
        name: `Bench Buyer ${i}`,
        email: `bench-${i}-${Date.now()}@example.com`,
        password: 'Bench1234',
      }),
    });
    if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
    cookies.push(
      response.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0])
        .join('; '),
    );
  }
  return cookies;
}

interface OrdersRow {
  database: string;
  ordersPerSecond: number;
  p99: number;
  booked: number;
  refused: number;
  stockLeft: number;
  oversold: number;
}

async function run(database: string, env: Record<string, string>): Promise<OrdersRow> {
  const stock = FITTING_ORDERS * MIN_ORDER;
  const server = await startBenchServer({ ...env, BENCH_STOCK: String(stock) });
  try {
    const cookies = await signUpBuyers(server.base);
    const body = JSON.stringify({
      toolId: server.toolId,
      quantity: MIN_ORDER,
      address: '1 Bench Road',
      number: '555',
    });
    let booked = 0;
    let refused = 0;
    const result = await autocannon({
      url: server.base,
      connections: BUYERS,
      amount: SENT,
      requests: [
        {
          method: 'POST',
          path: '/api/order',
          setupRequest: (request) => ({
            ...request,
            body,
            headers: {
              'content-type': 'application/json',
              cookie: cookies[Math.floor(Math.random() * cookies.length)]!,
            },
          }),
          onResponse: (status) => {
            if (status === 200) booked += 1;
            else if (status === 400) refused += 1;
          },
        },
      ],
    });
    const tool = (await (await fetch(`${server.base}/api/parts/${server.toolId}`)).json()) as {
      availableQuantity: number;
    };
    const reserved = booked * MIN_ORDER;
    return {
      database,
      ordersPerSecond: booked / (result.duration || 1),
      p99: result.latency.p99,
      booked,
      refused,
      stockLeft: tool.availableQuantity,
      oversold: Math.max(0, reserved - stock) + (tool.availableQuantity < 0 ? -tool.availableQuantity : 0),
    };
  } finally {
    await server.stop();
  }
}

/** 50 buyers ordering one tool at once, on the embedded database and (with DATABASE_URL) on PostgreSQL. */
export async function ordersBench(): Promise<void> {
  const rows = [await run('PGlite (embedded)', { DATABASE_URL: '' })];
  if (process.env.DATABASE_URL)
    rows.push(await run('PostgreSQL', { DATABASE_URL: process.env.DATABASE_URL }));

  console.log(
    `\nOrdering: ${BUYERS} buyers, ${SENT} orders of ${MIN_ORDER} for a stock that fits ${FITTING_ORDERS}\n`,
  );
  console.log('| database | orders/s | p99 ms | booked | refused | stock left | oversold |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(
      `| ${row.database} | ${Math.round(row.ordersPerSecond)} | ${row.p99} | ${row.booked} | ${row.refused} | ${row.stockLeft} | ${row.oversold} |`,
    );
  }
  if (!process.env.DATABASE_URL) console.log('\nPostgreSQL: set DATABASE_URL to measure it too.');
}
