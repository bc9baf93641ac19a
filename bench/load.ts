// Load from this process: reads through autocannon for a fixed time; orders through undici's keep-alive
// connections, for a count or until stopped.
import autocannon from 'autocannon';
import { Pool } from 'undici';
import { percentile } from './report.ts';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const READ_CONNECTIONS = 10;

export interface ReadFigures {
  rps: number;
  p99: number;
}

/** GETs `url` from `connections` connections for `seconds`; any answer but 2xx is a broken bench. */
export async function readLoad(url: string, seconds = SECONDS): Promise<ReadFigures> {
  const result = await autocannon({ url, connections: READ_CONNECTIONS, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/**
 * GETs `url` `amount` times from READ_CONNECTIONS connections, uncompressed as autocannon asks: for answers that
 * take longer than a timed run would give them (every tool of a large catalogue, streamed). autocannon itself
 * ends such a run on its next one-second tick, which is most of the time at 12 tools.
 */
export async function readRequests(url: string, amount: number): Promise<ReadFigures> {
  const latencies: number[] = [];
  let asked = 0;
  const connection = async () => {
    while (asked < amount) {
      asked += 1;
      const started = performance.now();
      const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: READ_CONNECTIONS }, connection));
  return { rps: (amount * 1000) / (performance.now() - started), p99: percentile(latencies, 99) };
}

/**
 * Reads each of `urls` in turns of a second, `seconds` each in all, after a second of warm-up each: a change
 * in the machine's load (other work shares it) then falls on all of them alike. The p99 is the worst turn's.
 */
export async function readInTurns(urls: string[], seconds = SECONDS): Promise<ReadFigures[]> {
  for (const url of urls) await readLoad(url, 1);
  const turns: ReadFigures[][] = urls.map(() => []);
  for (let turn = 0; turn < seconds; turn++)
    for (const [i, url] of urls.entries()) turns[i]!.push(await readLoad(url, 1));
  return turns.map((figures) => ({
    rps: figures.reduce((sum, { rps }) => sum + rps, 0) / figures.length,
    p99: Math.max(...figures.map(({ p99 }) => p99)),
  }));
}

export interface LatencyFigures {
  requests: number;
  p50: number;
  p95: number;
  rps: number;
}

/** Every request's own latency, ms, and how long the run took, s. */
export interface Latencies {
  latencies: number[];
  seconds: number;
}

export function latencyFigures({ latencies, seconds }: Latencies): LatencyFigures {
  return {
    requests: latencies.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    rps: latencies.length / (seconds || 1),
  };
}

/**
 * GETs `paths` of `base` from READ_CONNECTIONS connections, one after the other: each once (`once`: no two
 * requests ask the same thing) or round and round for `seconds`. Answers every request's own latency
 * (autocannon's histogram has no p95); any answer but 2xx is a broken bench.
 */
export function pathsLatencies(
  base: string,
  paths: string[],
  run: { once: true } | { seconds: number },
  headers: Record<string, string> = {},
): Promise<Latencies> {
  let next = 0;
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: Math.min(READ_CONNECTIONS, paths.length),
        headers,
        ...('once' in run ? { amount: paths.length } : { duration: run.seconds }),
        requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) }],
      },
      (error: unknown, result) => {
        if (error) return reject(error instanceof Error ? error : new Error(String(error)));
        if (result.non2xx > 0 || result.errors > 0)
          return reject(new Error(`${base}: ${result.non2xx} non-2xx, ${result.errors} errors`));
        resolve({ latencies, seconds: result.duration });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

export interface OrderChoice {
  toolId: string;
  quantity: number;
}

export interface OrderFigures {
  sent: number;
  booked: number;
  /** 400: not enough stock (the intended refusals when more is ordered than there is). */
  refused: number;
  /** Any other answer: a rate limit, a server error. Should stay 0. */
  failed: number;
  ordersPerSecond: number;
  p99: number;
  seconds: number;
}

export interface OrderLoad {
  figures: Promise<OrderFigures>;
  stop(): void;
}

/**
 * POST /api/order from `connections` keep-alive connections, each request as one of the signed-in buyers (by
 * cookie) for the tool `choose` names; `amount` orders in all, or until stop() (and a minute at the most).
 * The connections are open, each used once, before the clock starts: autocannon opens its own as a run starts,
 * and that alone gave 665 requests to a bare Fastify route a p99 of 84–129 ms, more than the orders' goal.
 */
export function orderLoad(options: {
  base: string;
  cookies: string[];
  connections: number;
  amount?: number;
  choose: () => OrderChoice;
}): OrderLoad {
  const { base, cookies, connections, amount = Infinity, choose } = options;
  const pool = new Pool(base, { connections, pipelining: 1 });
  const latencies: number[] = [];
  let [booked, refused, failed, sent, next] = [0, 0, 0, 0, 0];
  let stopped = false;
  let started = 0;
  let lastAnswer = 0;
  const order = async () => {
    const asked = performance.now();
    try {
      const { statusCode, body } = await pool.request({
        method: 'POST',
        path: '/api/order',
        headers: { 'content-type': 'application/json', cookie: cookies[next++ % cookies.length]! },
        body: JSON.stringify({ ...choose(), address: '1 Bench Road', number: '555' }),
      });
      await body.dump();
      if (statusCode === 200) booked += 1;
      else if (statusCode === 400) refused += 1;
      else failed += 1;
    } catch {
      failed += 1;
    }
    lastAnswer = performance.now();
    latencies.push(lastAnswer - asked);
  };
  const buyer = async () => {
    while (!stopped && sent < amount && performance.now() - started < 60_000) {
      sent += 1;
      await order();
    }
  };
  const warmUp = () =>
    Promise.all(
      Array.from({ length: connections }, async () =>
        (await pool.request({ method: 'GET', path: '/api/health' })).body.dump(),
      ),
    );
  const figures = (async (): Promise<OrderFigures> => {
    try {
      await warmUp();
      started = lastAnswer = performance.now();
      await Promise.all(Array.from({ length: connections }, buyer));
    } finally {
      await pool.close();
    }
    const seconds = (lastAnswer - started) / 1000;
    return {
      sent,
      booked,
      refused,
      failed,
      ordersPerSecond: booked / (seconds || 1),
      p99: percentile(latencies, 99),
      seconds,
    };
  })();
  return {
    figures,
    stop: () => {
      stopped = true;
    },
  };
}
