import { getSystemErrorMap, inspect } from 'node:util';
import { DrizzleQueryError } from 'drizzle-orm';

/**
 * PGlite's file system is Emscripten's: it throws `{ name: 'ErrnoError', errno }` with WASI's numbering and
 * no message. These are the numbers a database's files can meet.
 */
const WASI_ERRNO_CODES: Record<number, string> = {
  2: 'EACCES',
  19: 'EDQUOT',
  20: 'EEXIST',
  29: 'EIO',
  31: 'EISDIR',
  33: 'EMFILE',
  44: 'ENOENT',
  48: 'ENOMEM',
  51: 'ENOSPC',
  54: 'ENOTDIR',
  55: 'ENOTEMPTY',
  63: 'EPERM',
  69: 'EROFS',
};

const SYSTEM_ERROR_TEXTS = new Map([...getSystemErrorMap().values()]);

/** ENOSPC, EDQUOT and PostgreSQL's disk_full: nothing more can be written. */
const STORAGE_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', '53100']);
/** PostgreSQL's class 53, insufficient resources: out of memory, too many connections, a configured limit. */
const INSUFFICIENT_RESOURCES = /^53[0-9A-Z]{3}$/;

type Failure = { message?: unknown; code?: unknown; errno?: unknown; name?: unknown; cause?: unknown };

const isObject = (value: unknown): value is Failure => typeof value === 'object' && value !== null;

const causeOf = (link: unknown) => (isObject(link) ? link.cause : undefined);

/** The failure and the causes under it (Drizzle wraps the driver's error; we wrap PGlite's). */
function chain(error: unknown): unknown[] {
  const links = [error];
  for (let link = causeOf(error); link !== undefined && !links.includes(link); link = causeOf(link)) {
    links.push(link);
  }
  return links;
}

/** A Node error's code (ENOSPC), PostgreSQL's SQLSTATE (53100), or a PGlite file-system error's errno name. */
function codeOf(link: unknown): string | undefined {
  if (!isObject(link)) return undefined;
  if (typeof link.code === 'string') return link.code;
  if (link.name === 'ErrnoError' && typeof link.errno === 'number') {
    return WASI_ERRNO_CODES[link.errno] ?? `errno ${link.errno}`;
  }
  return undefined;
}

function describeLink(link: unknown): string {
  // Its message holds the query and its parameters, which may be secrets (a generated auth secret).
  if (link instanceof DrizzleQueryError) return 'A database query failed';
  if (!isObject(link)) return String(link);
  const code = codeOf(link);
  const message = typeof link.message === 'string' && link.message !== '' ? link.message : undefined;
  if (message !== undefined) {
    return code === undefined || message.includes(code) ? message : `${message} (${code})`;
  }
  if (code !== undefined) {
    const text = SYSTEM_ERROR_TEXTS.get(code);
    return text ? `${code}: ${text}` : code;
  }
  return inspect(link, { depth: 2, breakLength: Infinity });
}

/** Whether the failure, or a cause under it, is PostgreSQL's refusal to break this foreign key (23503). */
export function breaksForeignKey(error: unknown, constraint: string): boolean {
  return breaksConstraint(error, '23503', constraint);
}

/** Whether the error, or one of its causes, is a unique constraint's refusal (23505) by `constraint`. */
export function breaksUnique(error: unknown, constraint: string): boolean {
  return breaksConstraint(error, '23505', constraint);
}

function breaksConstraint(error: unknown, code: string, constraint: string): boolean {
  return chain(error).some(
    (link) =>
      codeOf(link) === code && isObject(link) && (link as { constraint?: unknown }).constraint === constraint,
  );
}

/** What went wrong, in words, with every cause: an Error's message and code, a plain object's too. */
export function describeFailure(error: unknown): string {
  return chain(error).map(describeLink).join(': ');
}

export type Shortage = 'storage' | 'resources' | 'database';

/**
 * The database server cannot be reached or is going away: the network's refusals and resets, PostgreSQL's
 * connection exceptions (class 08) and its shutdown and start-up (57P01–57P03).
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
]);
const CONNECTION_EXCEPTION = /^08[0-9A-Z]{3}$/;
/** node-postgres says so in words only when a connection it had ends or never comes. */
const UNREACHABLE_MESSAGES =
  /^Connection terminated|^timeout exceeded when trying to connect|^Client has encountered a connection error/;

function isUnreachable(link: unknown): boolean {
  const code = codeOf(link);
  if (code !== undefined && (UNREACHABLE_CODES.has(code) || CONNECTION_EXCEPTION.test(code))) return true;
  return isObject(link) && typeof link.message === 'string' && UNREACHABLE_MESSAGES.test(link.message);
}

/**
 * Whether the failure is the machine's rather than the request's: a full disk ('storage'), another shortage
 * that PostgreSQL reports ('resources'), or a database server out of reach ('database'), anywhere in its
 * causes.
 */
export function shortageOf(error: unknown): Shortage | undefined {
  const links = chain(error);
  const codes = links.map(codeOf);
  if (codes.some((code) => code !== undefined && STORAGE_FULL_CODES.has(code))) return 'storage';
  if (codes.some((code) => code !== undefined && INSUFFICIENT_RESOURCES.test(code))) return 'resources';
  if (links.some(isUnreachable)) return 'database';
  return undefined;
}
