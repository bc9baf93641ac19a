import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '#shared/schemas/users.ts';
import { users } from '#server/db/schema.ts';
import { createUser, type TestUser } from '#server/testing/accounts.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';
import { toApiUser, USERS_CHUNK } from './users.repo.ts';

let ctx: TestContext;
let admin: TestUser;

/** More than two chunks of accounts, some made in the same microsecond. */
const MANY = USERS_CHUNK * 2 + 11;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createUser(ctx, { admin: true, name: 'Ada Admin' });
  await ctx.app.database.db.insert(users).values(
    Array.from({ length: MANY }, (_, i) => ({
      id: `listed-${String(MANY - i).padStart(4, '0')}`,
      name: `Listed Buyer ${i}`,
      email: `listed-${i}@example.com`,
      emailVerified: i % 2 === 0,
      createdAt: new Date(Date.UTC(2020, 0, 1) + Math.floor(i / 3) * 1000),
    })),
  );
});
afterAll(() => ctx.close());

const usersIn = (piece: string) => piece.match(/"_id":/g)?.length ?? 0;

describe('GET /api/user', () => {
  it('answers every account, oldest first (ties by id), each as before, for nobody’s cache', async () => {
    const response = await ctx.app.inject({ url: '/api/user', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const stored = await ctx.app.database.db
      .select()
      .from(users)
      .orderBy(asc(users.createdAt), asc(users.id));
    expect(response.json<User[]>()).toEqual(stored.map(toApiUser));
    expect(stored).toHaveLength(MANY + 1);
  });

  it('reads and writes the list a chunk of accounts at a time, so that no turn of the process is long', async () => {
    const pieces: string[] = [];
    for await (const piece of ctx.app.users.listJson()) pieces.push(piece);
    expect(Math.max(...pieces.map(usersIn))).toBe(USERS_CHUNK);
    expect(pieces.filter((piece) => usersIn(piece) > 0)).toHaveLength(Math.ceil((MANY + 1) / USERS_CHUNK));
  });
});
