import { expect } from 'vitest';
import { snapshotDatabase } from './db-snapshot.ts';
import type { TestUser } from './accounts.ts';
import { anonymous, type Caller, type Requests } from './requests.ts';
import type { TestContext } from './test-app.ts';

/** What every list answered a page at a time refuses in `?page=`, `?pageSize=` and `?q=`, with its message. */
export const BAD_PAGING_QUERIES: Array<[query: string, message: string]> = [
  ['page=0', 'page must be a whole number from 1 to 100000'],
  ['page=-1', 'page must be a whole number from 1 to 100000'],
  ['page=abc', 'page must be a whole number from 1 to 100000'],
  ['page=1.5', 'page must be a whole number from 1 to 100000'],
  ['page=100001', 'page must be a whole number from 1 to 100000'],
  ['pageSize=0', 'pageSize must be a whole number from 1 to 100'],
  ['pageSize=101', 'pageSize must be a whole number from 1 to 100'],
  ['pageSize=ten', 'pageSize must be a whole number from 1 to 100'],
  [`q=${'x'.repeat(101)}`, 'q must be at most 100 characters'],
  ['q=bolt&q=nut', 'q must be text'],
];

/** `read('?page=2')`: GETs `path` with that query as `who()`, insists on a 200, and answers the page. */
export function pageReader<T>(who: () => Requests, path: string): (query?: string) => Promise<T> {
  return async (query = '') => {
    const response = await who().get(`${path}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
}

/** Sends the request and expects a 400 with `message` that left every row as it was. */
export async function expectRefusedChangingNothing(
  ctx: TestContext,
  send: Requests['get'],
  url: string,
  message: string,
): Promise<void> {
  const before = await snapshotDatabase(ctx.app.database.db);
  const response = await send(url);
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
  expect(await snapshotDatabase(ctx.app.database.db)).toBe(before);
}

/** 401 without a session and 403 for a plain account, as the API's error; 200 for an administrator. */
export async function expectAdministratorsOnly(
  as: (who: Caller) => Requests,
  url: string,
  { buyer, admin }: { buyer: TestUser; admin: TestUser },
): Promise<void> {
  const refusals = [
    [await as(anonymous).get(url), 401, 'Unauthorized'],
    [await as(buyer).get(url), 403, 'Forbidden'],
  ] as const;
  for (const [response, statusCode, error] of refusals) {
    expect(response.statusCode).toBe(statusCode);
    expect(response.json()).toMatchObject({ statusCode, error, message: expect.any(String) });
  }
  expect((await as(admin).get(url)).statusCode).toBe(200);
}
