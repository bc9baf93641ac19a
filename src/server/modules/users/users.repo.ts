import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { AdminUsersQuery, User } from '#shared/schemas/users.ts';
import type { Db } from '#server/db/client.ts';
import { readPage, rowsInChunks, type Page } from '#server/db/paging.ts';
import { accounts, sessions, users, userSearchText } from '#server/db/schema.ts';
import { everyWordFound } from '#server/db/text-search.ts';
import type { Executor } from '#server/db/transaction.ts';
import { ACCOUNT_BLOCKS_CHANNEL, type BlockChange } from './blocked-accounts.ts';

export type UserRow = typeof users.$inferSelect;
export type ProfileChanges = Partial<Pick<UserRow, 'name' | 'number' | 'address' | 'institute' | 'image'>>;

export function toApiUser(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    img: row.image,
    role: row.role === 'admin' ? 'admin' : 'user',
    number: row.number,
    address: row.address,
    institute: row.institute,
    emailVerified: row.emailVerified,
    blocked: row.blockedAt !== null,
  };
}

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(byEmail(email));
  return row;
}

const OLDEST_FIRST = [asc(users.createdAt), asc(users.id)];

/** Accounts read at a time for the list of them all: it is never held whole, and other requests get turns. */
export const USERS_CHUNK = 250;

/** Every account, oldest first, USERS_CHUNK at a time. */
export function usersInChunks(db: Db): AsyncGenerator<UserRow[]> {
  return rowsInChunks(db, users, users, undefined, 'oldest', USERS_CHUNK);
}

/** One page of the accounts whose name or e-mail match `q`, oldest first, and how many match in all. */
export function pageOfUsers(db: Db, { q, ...paging }: AdminUsersQuery): Promise<Page<UserRow>> {
  return readPage(db, users, everyWordFound(userSearchText(users), q), OLDEST_FIRST, paging);
}

export type AuthorDetails = Pick<UserRow, 'name' | 'image' | 'email'>;

/** Names, pictures and e-mails of these accounts, by id. */
export async function authorDetails(db: Db, ids: string[]): Promise<Map<string, AuthorDetails>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name, image: users.image, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map(({ id, ...profile }) => [id, profile]));
}

/** Which of these image URLs a profile shows. */
export async function userImagesAmong(db: Db, urls: string[]): Promise<Set<string>> {
  const rows = await db.select({ url: users.image }).from(users).where(inArray(users.image, urls));
  // Never null here: only rows whose image is one of `urls` are read.
  return new Set(rows.map((row) => row.url!));
}

export async function updateProfile(
  db: Db,
  email: string,
  changes: ProfileChanges,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(byEmail(email))
    .returning();
  return row;
}

export async function listAdministratorEmails(db: Executor): Promise<string[]> {
  const rows = await db.select({ email: users.email }).from(users).where(eq(users.role, 'admin'));
  return rows.map((row) => row.email);
}

/** Makes the account an administrator; answers how many rows changed (0 when it already was one). */
export async function promoteToAdmin(db: Db, email: string): Promise<number> {
  const rows = await db
    .update(users)
    .set({ role: 'admin', updatedAt: new Date() })
    .where(sql`${byEmail(email)} AND ${users.role} <> 'admin' AND ${users.blockedAt} IS NULL`)
    .returning({ id: users.id });
  return rows.length;
}

/** Tells every process (blocked-accounts.ts) that the account was blocked or unblocked, at commit. */
async function announceBlock(tx: Executor, change: BlockChange): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${ACCOUNT_BLOCKS_CHANNEL}, ${JSON.stringify(change)})`);
}

/**
 * Blocks the account, unless it is an administrator's or blocked already, and ends its sessions; answers the
 * account's id when it was blocked.
 */
export async function blockUser(tx: Executor, email: string): Promise<string | undefined> {
  const [blocked] = await tx
    .update(users)
    .set({ blockedAt: new Date(), updatedAt: new Date() })
    .where(sql`${byEmail(email)} AND ${users.role} <> 'admin' AND ${users.blockedAt} IS NULL`)
    .returning({ id: users.id });
  if (!blocked) return undefined;
  await tx.delete(sessions).where(eq(sessions.userId, blocked.id));
  await announceBlock(tx, { userId: blocked.id, blocked: true });
  return blocked.id;
}

/** Unblocks the account; answers the account's id when it was blocked. */
export async function unblockUser(tx: Executor, email: string): Promise<string | undefined> {
  const [unblocked] = await tx
    .update(users)
    .set({ blockedAt: null, updatedAt: new Date() })
    .where(sql`${byEmail(email)} AND ${users.blockedAt} IS NOT NULL`)
    .returning({ id: users.id });
  if (unblocked) await announceBlock(tx, { userId: unblocked.id, blocked: false });
  return unblocked?.id;
}

/** The ids of the blocked accounts. */
export async function blockedUserIds(db: Executor): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).where(isNotNull(users.blockedAt));
  return rows.map(({ id }) => id);
}

/**
 * ADMIN_EMAILS are administrators once their owner has proven the address (verified), including accounts
 * that existed before they were listed. A listed address that is not verified is no administrator: whoever
 * signed it up first may not be its owner. Answers the addresses that lost the role for that reason.
 */
export async function applyConfiguredAdmins(db: Db, emails: string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const listed = inArray(sql`lower(${users.email})`, emails);
  await db
    .update(users)
    .set({ role: 'admin', updatedAt: new Date() })
    .where(and(listed, eq(users.emailVerified, true), ne(users.role, 'admin')));
  const demoted = await db
    .update(users)
    .set({ role: 'user', updatedAt: new Date() })
    .where(and(listed, eq(users.emailVerified, false), eq(users.role, 'admin')))
    .returning({ email: users.email });
  return demoted.map((row) => row.email);
}

/** The password hashes of the accounts with these e-mails that can sign in with a password. */
export function passwordHashesOf(
  db: Db,
  emails: string[],
): Promise<Array<{ id: string; email: string; hash: string | null }>> {
  return db
    .select({ id: users.id, email: users.email, hash: accounts.password })
    .from(users)
    .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
    .where(inArray(users.email, emails));
}

/** Deletes the accounts; their sessions, sign-in records and orders go with them. */
export async function deleteUsers(db: Db, ids: string[]): Promise<void> {
  await db.delete(users).where(inArray(users.id, ids));
}
