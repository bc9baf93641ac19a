import { writeFile } from 'node:fs/promises';
import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { describeFailure, shortageOf } from './failure-cause.ts';

/** A real "no space left on device" from the operating system: /dev/full refuses every write. */
const diskFull = () =>
  writeFile('/dev/full', 'x').then(
    () => expect.fail('/dev/full took a write'),
    (error: Error) => error,
  );

/** What PGlite throws when its file system fails: an Emscripten ErrnoError, with a WASI errno and no message. */
const pgliteFileError = (errno: number) => ({ name: 'ErrnoError', errno });

/** A PostgreSQL error as node-postgres and PGlite throw it, with its SQLSTATE. */
const postgresError = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('describeFailure', () => {
  it("gives an error's message and its code", () => {
    expect(describeFailure(postgresError('password authentication failed for user "shop"', '28P01'))).toBe(
      'password authentication failed for user "shop" (28P01)',
    );
  });

  it('does not repeat a code that the message already holds', async () => {
    expect(describeFailure(await diskFull())).toBe('ENOSPC: no space left on device, write');
  });

  it("names the file-system errors of PGlite's embedded PostgreSQL", () => {
    expect(describeFailure(pgliteFileError(51))).toBe('ENOSPC: no space left on device');
    expect(describeFailure(pgliteFileError(54))).toBe('ENOTDIR: not a directory');
  });

  it('gives the message and code of a plain object', () => {
    expect(describeFailure({ message: 'could not write to file', code: '53100' })).toBe(
      'could not write to file (53100)',
    );
  });

  it('follows the causes', () => {
    const failure = new Error('The embedded database in /srv/shop/pglite could not be opened', {
      cause: pgliteFileError(54),
    });
    expect(describeFailure(failure)).toBe(
      'The embedded database in /srv/shop/pglite could not be opened: ENOTDIR: not a directory',
    );
  });

  it("never repeats a failed query's text or parameters, which may hold secrets", () => {
    const failure = new DrizzleQueryError(
      'insert into "app_meta" ("key", "value") values ($1, $2)',
      ['auth_secret', 'the-generated-secret'],
      postgresError('could not extend file "base/5/16384": No space left on device', '53100'),
    );
    const description = describeFailure(failure);
    expect(description).toBe(
      'A database query failed: could not extend file "base/5/16384": No space left on device (53100)',
    );
    expect(description).not.toContain('the-generated-secret');
  });

  it('shows what any other thrown value holds, never [object Object]', () => {
    expect(describeFailure('a string')).toBe('a string');
    expect(describeFailure({ reason: 'no tables' })).toBe("{ reason: 'no tables' }");
    expect(describeFailure(undefined)).toBe('undefined');
  });
});

describe('shortageOf', () => {
  it('finds a full disk: ENOSPC, EDQUOT, PostgreSQL disk_full, in PGlite too, however deep the cause', async () => {
    expect(shortageOf(await diskFull())).toBe('storage');
    expect(shortageOf(Object.assign(new Error('EDQUOT: disk quota exceeded'), { code: 'EDQUOT' }))).toBe(
      'storage',
    );
    expect(
      shortageOf(new DrizzleQueryError('insert', [], postgresError('No space left on device', '53100'))),
    ).toBe('storage');
    expect(shortageOf(pgliteFileError(51))).toBe('storage');
    expect(shortageOf({ message: 'could not extend file', code: '53100' })).toBe('storage');
  });

  it("finds PostgreSQL's other shortages: memory, connections, limits", () => {
    expect(shortageOf(postgresError('out of memory', '53200'))).toBe('resources');
    expect(shortageOf(postgresError('sorry, too many clients already', '53300'))).toBe('resources');
  });

  it('finds a database server out of reach: refused, reset, shutting down, a connection that ended', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(shortageOf(new DrizzleQueryError('select', [], refused))).toBe('database');
    expect(shortageOf(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe('database');
    expect(shortageOf(postgresError('terminating connection due to administrator command', '57P01'))).toBe(
      'database',
    );
    expect(shortageOf(postgresError('the database system is starting up', '57P03'))).toBe('database');
    expect(shortageOf(postgresError('connection failure', '08006'))).toBe('database');
    expect(shortageOf(new Error('Connection terminated unexpectedly'))).toBe('database');
  });

  it('finds nothing in other failures', () => {
    expect(shortageOf(postgresError('duplicate key value', '23505'))).toBeUndefined();
    expect(shortageOf(new Error('boom'))).toBeUndefined();
    expect(shortageOf(pgliteFileError(54))).toBeUndefined();
    expect(shortageOf(null)).toBeUndefined();
  });
});
