import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { User } from '#shared/schemas/users.ts';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';

type UserRow = typeof users.$inferSelect;
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
  };
}

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(byEmail(email));
  return row;
}

export function listUsers(db: Db): Promise<UserRow[]> {
  return db.select().from(users).orderBy(asc(users.createdAt), asc(users.id));
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

export async function listAdministratorEmails(db: Db): Promise<string[]> {
  const rows = await db.select({ email: users.email }).from(users).where(eq(users.role, 'admin'));
  return rows.map((row) => row.email);
}

/** Makes the account an administrator; answers how many rows changed (0 when it already was one). */
export async function promoteToAdmin(db: Db, email: string): Promise<number> {
  const rows = await db
    .update(users)
    .set({ role: 'admin', updatedAt: new Date() })
    .where(sql`${byEmail(email)} AND ${users.role} <> 'admin'`)
    .returning({ id: users.id });
  return rows.length;
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
