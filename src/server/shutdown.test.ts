import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from './testing/test-database.ts';
import { ServerProcess } from './testing/server-process.ts';

let dataDir: string;
let testDatabase: TestDatabase;
const servers: ServerProcess[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-shutdown-'));
  testDatabase = await createTestDatabase();
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});
afterAll(async () => {
  await testDatabase.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

/** The real server on this file's database (embedded, or the test's PostgreSQL database with DATABASE_URL). */
async function startServer(shutdownTimeoutMs: number) {
  const server = ServerProcess.start({
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs),
    ...(testDatabase.url && { DATABASE_URL: testDatabase.url }),
  });
  servers.push(server);
  return { server, port: await server.port() };
}

/** A raw connection that keeps what it receives. */
async function open(port: number) {
  const socket = connect({ port, host: '127.0.0.1' });
  sockets.push(socket);
  await once(socket, 'connect');
  socket.setEncoding('utf8');
  const connection = { socket, received: '', closed: false };
  socket.on('data', (chunk: string) => (connection.received += chunk));
  socket.on('error', () => {}); // being cut off is one of the outcomes under test
  socket.on('close', () => (connection.closed = true));
  return connection;
}

const CONTACT_BODY = JSON.stringify({
  name: 'Dana Shutdown',
  email: 'dana@example.com',
  message: 'Please call me back about an order of 500 bolts.',
});
const contactHeaders = (length: number) =>
  `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

/** Waits until the server has begun the request (Fastify logs it before reading the body). */
const requestBegun = (server: ServerProcess, url: string) =>
  server.waitForOutput(new RegExp(`"url":"${url}".*"msg":"incoming request"`));

function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = connect({ port, host: '127.0.0.1' });
    probe.once('connect', () => {
      probe.destroy();
      resolve(false);
    });
    probe.once('error', () => resolve(true));
  });
}

async function mailMentioning(text: string): Promise<boolean> {
  const folder = path.join(dataDir, 'mail');
  const files = await readdir(folder).catch(() => []);
  const texts = await Promise.all(files.map((file) => readFile(path.join(folder, file), 'utf8')));
  return texts.some((mail) => mail.includes(text));
}

describe('on SIGTERM', () => {
  it('cuts slow clients at the deadline, says what it cut and exits non-zero', async () => {
    const DEADLINE_MS = 1_000;
    const { server, port } = await startServer(DEADLINE_MS);
    const idle = await open(port);
    idle.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await vi.waitFor(() => expect(idle.received).toMatch(/^HTTP\/1\.1 200/));
    const trickling = await open(port);
    trickling.socket.write(`${contactHeaders(CONTACT_BODY.length)}${CONTACT_BODY.slice(0, 10)}`);
    const trickle = setInterval(() => trickling.socket.write(' '), 100);
    trickling.socket.once('close', () => clearInterval(trickle));
    await requestBegun(server, '/api/contact');

    const signalledAt = server.signal('SIGTERM');
    const exit = await server.exitWithin(DEADLINE_MS + 5_000);
    expect(exit.code).toBe(1);
    expect(exit.at - signalledAt).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
    expect(exit.at - signalledAt).toBeLessThan(DEADLINE_MS + 3_000);
    expect(server.output).toMatch(
      /closed every connection still open, cutting 1 request still in progress: POST \/api\/contact/,
    );
    expect(idle.closed && trickling.closed).toBe(true);
  });

  it('lets a request in progress finish and answer, refuses new connections, then exits 0', async () => {
    const DEADLINE_MS = 10_000;
    const { server, port } = await startServer(DEADLINE_MS);
    const client = await open(port);
    const half = Math.floor(CONTACT_BODY.length / 2);
    client.socket.write(`${contactHeaders(CONTACT_BODY.length)}${CONTACT_BODY.slice(0, half)}`);
    await requestBegun(server, '/api/contact');

    const signalledAt = server.signal('SIGTERM');
    await server.waitForOutput(/SIGTERM: closing/);
    await vi.waitFor(async () => expect(await connectionRefused(port)).toBe(true));
    client.socket.write(CONTACT_BODY.slice(half));

    const exit = await server.exitWithin(DEADLINE_MS);
    expect(client.received).toMatch(/^HTTP\/1\.1 201 Created/);
    expect(client.received).toContain('"insertedId"');
    expect(exit.code).toBe(0);
    expect(exit.at - signalledAt).toBeLessThan(DEADLINE_MS / 2);
    // The message's mail was queued with it: sent before the stop, or by the next start, never lost.
    await startServer(DEADLINE_MS);
    await vi.waitFor(async () => expect(await mailMentioning('Dana Shutdown')).toBe(true), {
      timeout: 10_000,
    });
  });

  it('exits at once on a second signal', async () => {
    const { server, port } = await startServer(60_000);
    const trickling = await open(port);
    trickling.socket.write(`${contactHeaders(CONTACT_BODY.length)}${CONTACT_BODY.slice(0, 10)}`);
    await requestBegun(server, '/api/contact');

    server.signal('SIGTERM');
    await server.waitForOutput(/SIGTERM: closing/);
    const secondAt = server.signal('SIGINT');
    const exit = await server.exitWithin(5_000);
    expect(exit.code).not.toBe(0);
    expect(exit.at - secondAt).toBeLessThan(1_000);
  });
});

it('exits when closing the app does not finish, once the deadline has passed twice', async () => {
  const DEADLINE_MS = 500;
  const server = ServerProcess.start(
    { SHUTDOWN_TIMEOUT_MS: String(DEADLINE_MS) },
    path.resolve(import.meta.dirname, 'testing/hanging-close-server.ts'),
  );
  servers.push(server);
  await server.port();

  const signalledAt = server.signal('SIGTERM');
  const exit = await server.exitWithin(10 * DEADLINE_MS);
  expect(exit.code).toBe(1);
  expect(exit.at - signalledAt).toBeGreaterThanOrEqual(2 * DEADLINE_MS - 50);
  expect(exit.at - signalledAt).toBeLessThan(2 * DEADLINE_MS + 2_000);
  expect(server.output).toContain('did not finish in time: exiting anyway');
});
