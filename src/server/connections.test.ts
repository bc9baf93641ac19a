import { once } from 'node:events';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from './testing/test-app.ts';

const HEALTH_REQUEST = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';

/** The real app listening on 127.0.0.1 with these connection settings. */
async function listeningApp(env: Record<string, string>) {
  const ctx = await createTestApp(env);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return { ctx, port: (ctx.app.server.address() as AddressInfo).port };
}

/** Whether `text` holds a response's headers and all of the body its Content-Length announces. */
function isWholeResponse(text: string) {
  const headersEnd = text.indexOf('\r\n\r\n');
  const length = /^content-length: (\d+)/im.exec(text)?.[1];
  return headersEnd >= 0 && length !== undefined && text.length - (headersEnd + 4) >= Number(length);
}

/** A raw TCP client that keeps everything the server sends and notes when the connection ends. */
class Client {
  received = '';
  readonly openedAt = performance.now();
  private readonly closing: Promise<number>;

  private constructor(readonly socket: Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (this.received += chunk));
    socket.on('error', () => {}); // a reset from the server is one of the outcomes under test
    this.closing = once(socket, 'close').then(() => performance.now());
  }

  static async open(port: number) {
    const socket = connect({ port, host: '127.0.0.1' });
    await once(socket, 'connect');
    return new Client(socket);
  }

  /** Sends a request and waits for its whole (small, unchunked) response. */
  async request(raw: string): Promise<string> {
    const start = this.received.length;
    this.socket.write(raw);
    await vi.waitFor(() => expect(isWholeResponse(this.received.slice(start))).toBe(true));
    return this.received.slice(start);
  }

  /** When the connection closed (performance.now()); fails if it is still open after `limitMs`. */
  closedWithin(limitMs: number): Promise<number> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`connection still open after ${limitMs} ms`)), limitMs);
    });
    return Promise.race([this.closing, deadline]).finally(() => clearTimeout(timer));
  }

  /** Writes `chunk` every `everyMs` until the connection closes: a client that trickles its request. */
  trickle(chunk: string, everyMs: number) {
    const timer = setInterval(() => this.socket.writable && this.socket.write(chunk), everyMs);
    this.socket.once('close', () => clearInterval(timer));
  }
}

const clients: Client[] = [];
async function open(port: number) {
  const client = await Client.open(port);
  clients.push(client);
  return client;
}
afterEach(() => {
  for (const client of clients.splice(0)) client.socket.destroy();
});

describe('timeouts', () => {
  const KEEP_ALIVE_MS = 300;
  const HEADERS_MS = 300;
  const SOCKET_MS = 500;
  const REQUEST_MS = 1_000;
  let ctx: TestContext;
  let port: number;

  beforeAll(async () => {
    ({ ctx, port } = await listeningApp({
      KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_MS),
      HEADERS_TIMEOUT_MS: String(HEADERS_MS),
      SOCKET_TIMEOUT_MS: String(SOCKET_MS),
      REQUEST_TIMEOUT_MS: String(REQUEST_MS),
    }));
  });
  afterAll(() => ctx.close());

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const client = await open(port);
    expect(await client.request(HEALTH_REQUEST)).toMatch(/^HTTP\/1\.1 200 /);
    const answeredAt = performance.now();

    const closedAt = await client.closedWithin(3_000);

    expect(closedAt).toBeGreaterThanOrEqual(answeredAt + KEEP_ALIVE_MS - 50);
  });

  it('answers 408 and closes a connection whose headers arrive too slowly', async () => {
    const client = await open(port);
    client.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    client.trickle('X-Slow: 1\r\n', 50);

    const closedAt = await client.closedWithin(3_000);

    expect(closedAt - client.openedAt).toBeGreaterThanOrEqual(HEADERS_MS - 50);
    expect(client.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('answers 408 and closes a request whose body takes longer than the request timeout', async () => {
    const client = await open(port);
    client.socket.write(
      'POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{',
    );
    // Steady enough never to idle for SOCKET_TIMEOUT_MS, far too slow to finish in REQUEST_TIMEOUT_MS.
    client.trickle(' ', 50);

    const closedAt = await client.closedWithin(4_000);

    expect(closedAt - client.openedAt).toBeGreaterThanOrEqual(REQUEST_MS - 50);
    expect(client.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('drops a connection that goes silent in the middle of a request', async () => {
    const client = await open(port);
    client.socket.write(
      'POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"na',
    );

    const closedAt = await client.closedWithin(REQUEST_MS);

    expect(closedAt - client.openedAt).toBeGreaterThanOrEqual(SOCKET_MS - 50);
    expect(client.received).toBe('');
  });
});

describe('connection limit', () => {
  const MAX_CONNECTIONS = 2;
  let ctx: TestContext;
  let port: number;

  beforeAll(async () => {
    ({ ctx, port } = await listeningApp({ MAX_CONNECTIONS: String(MAX_CONNECTIONS) }));
  });
  afterAll(() => ctx.close());

  const openConnections = () =>
    new Promise<number>((resolve, reject) =>
      ctx.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
    );

  it('closes connections beyond the limit at once and keeps serving the others', async () => {
    const first = await open(port);
    const second = await open(port);
    expect(await first.request(HEALTH_REQUEST)).toMatch(/^HTTP\/1\.1 200 /);
    expect(await second.request(HEALTH_REQUEST)).toMatch(/^HTTP\/1\.1 200 /);

    const refused = await open(port);
    refused.socket.write(HEALTH_REQUEST);
    await refused.closedWithin(3_000);
    expect(refused.received).toBe('');

    expect(await first.request(HEALTH_REQUEST)).toMatch(/^HTTP\/1\.1 200 /);

    second.socket.destroy();
    await vi.waitFor(async () => expect(await openConnections()).toBe(MAX_CONNECTIONS - 1));
    const next = await open(port);
    expect(await next.request(HEALTH_REQUEST)).toMatch(/^HTTP\/1\.1 200 /);
  });
});
