import type { AdminUsersQuery, ProfileUpdate } from '#shared/schemas/users.ts';
import type { Database, Db } from '#server/db/client.ts';
import type { Page } from '#server/db/paging.ts';
import type { Executor } from '#server/db/transaction.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { Conflict, Forbidden, InvalidInput, NotFound } from '#server/domain-errors.ts';
import { jsonArray } from '#server/json-array.ts';
import type { SessionUser } from '#server/modules/auth/auth.service.ts';
import { BlockedAccounts } from './blocked-accounts.ts';
import { demoAccounts, demoEmails, hasPublishedPassword, type DemoAccount } from './demo-accounts.ts';
import {
  applyConfiguredAdmins,
  blockedUserIds,
  blockUser,
  deleteUsers,
  findUserByEmail,
  findUserById,
  listAdministratorEmails,
  authorDetails,
  pageOfUsers,
  passwordHashesOf,
  promoteToAdmin,
  updateProfile,
  toApiUser,
  unblockUser,
  userImagesAmong,
  usersInChunks,
  type AuthorDetails,
  type ProfileChanges,
  type UserRow,
} from './users.repo.ts';

export type { AuthorDetails, UserRow } from './users.repo.ts';

const NO_SUCH_USER = 'No such user';

/** What becomes of an account's orders as the account goes (the orders module). */
export interface OrdersOfAccounts {
  cancelUnpaidOrdersOf(userIds: string[]): Promise<void>;
}

/** A verified account that signs in with a password. */
export interface NewAccount {
  name: string;
  email: string;
  role: 'admin' | 'user';
  password: string;
}

/** Creates accounts that can sign in: the auth service (which itself depends on this module). */
export interface AccountCreator {
  createAccount(account: NewAccount): Promise<void>;
}

export const ADMIN_NOT_BLOCKED = 'An administrator cannot be blocked.';
export const UNBLOCK_BEFORE_PROMOTING = 'Unblock this account before making it an administrator.';

const OWN_PROFILE_ONLY = 'You can only see and change your own profile.';

/** The shop's accounts: profiles, administrators, and the demo accounts of the local demo. */
export class UsersService {
  private readonly blocked = new BlockedAccounts();

  constructor(private readonly db: Db) {}

  async profile(viewer: SessionUser, email: string): Promise<UserRow> {
    const row = await this.accountVisibleTo(viewer, email, OWN_PROFILE_ONLY);
    if (!row) throw new NotFound(NO_SUCH_USER);
    return row;
  }

  /** Saves the fields that are filled in; the e-mail cannot change. Answers whether anything changed. */
  async updateProfile(
    viewer: SessionUser,
    email: string,
    update: ProfileUpdate,
  ): Promise<{ modified: boolean; user: UserRow }> {
    const before = await this.accountVisibleTo(viewer, email, OWN_PROFILE_ONLY);
    const { email: sentEmail, img, ...fields } = update;
    if (sentEmail && sentEmail.trim().toLowerCase() !== email.toLowerCase()) {
      throw new InvalidInput('The e-mail address cannot be changed.');
    }
    const changes: ProfileChanges = {};
    for (const [key, value] of Object.entries({ ...fields, image: img })) {
      if (value) changes[key as keyof ProfileChanges] = value;
    }
    if (!before) throw new NotFound(NO_SUCH_USER);
    const modified = Object.entries(changes).some(
      ([key, value]) => before[key as keyof ProfileChanges] !== value,
    );
    const after = modified ? await updateProfile(this.db, email, changes) : before;
    return { modified, user: after ?? before };
  }

  async isAdmin(viewer: SessionUser, email: string): Promise<boolean> {
    return (await this.accountVisibleTo(viewer, email, OWN_PROFILE_ONLY))?.role === 'admin';
  }

  /**
   * The account that has this e-mail now, when the viewer may see it: their own (by account, not by the
   * e-mail the session remembers), or anyone's for an administrator, as the database says now.
   */
  async accountVisibleTo(viewer: SessionUser, email: string, refusal: string): Promise<UserRow | undefined> {
    const row = await findUserByEmail(this.db, email);
    if (row?.id === viewer.id) return row;
    if ((await this.role(viewer.id)) !== 'admin') throw new Forbidden(refusal);
    return row;
  }

  /** Every account, oldest first, as JSON written a chunk at a time. */
  listJson(): AsyncGenerator<string> {
    return jsonArray(usersInChunks(this.db), (rows) => rows.map(toApiUser));
  }

  /** One page of the accounts, searched by name or e-mail, and how many match in all. */
  page(query: AdminUsersQuery): Promise<Page<UserRow>> {
    return pageOfUsers(this.db, query);
  }

  /** Whether the account's e-mail address is confirmed, as the database says now; undefined if it is gone. */
  async hasConfirmedEmail(userId: string): Promise<boolean | undefined> {
    return (await findUserById(this.db, userId))?.emailVerified;
  }

  async role(userId: string): Promise<'admin' | 'user' | undefined> {
    const row = await findUserById(this.db, userId);
    return row && (row.role === 'admin' ? 'admin' : 'user');
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return findUserByEmail(this.db, email);
  }

  /** Makes the account an administrator; answers how many accounts changed (0 when it already was one). */
  async promote(email: string): Promise<number> {
    const account = await findUserByEmail(this.db, email);
    if (!account) throw new NotFound(NO_SUCH_USER);
    if (account.blockedAt) throw new Conflict(UNBLOCK_BEFORE_PROMOTING);
    return promoteToAdmin(this.db, email);
  }

  /**
   * Blocks the account, which ends its sessions, or unblocks it; answers how many accounts changed. Either
   * counts in this process once it answers, and in the others as soon as they hear of it (BlockedAccounts). An
   * administrator's account is never blocked.
   */
  async setBlocked(email: string, blocked: boolean): Promise<number> {
    const account = await findUserByEmail(this.db, email);
    if (!account) throw new NotFound(NO_SUCH_USER);
    if (blocked && account.role === 'admin') throw new Conflict(ADMIN_NOT_BLOCKED);
    const userId = await inTransaction(this.db, (tx) => (blocked ? blockUser : unblockUser)(tx, email));
    if (!userId) return 0;
    this.blocked.apply({ userId, blocked });
    return 1;
  }

  /** Reads which accounts are blocked, and follows every block and unblock from then on (any process's). */
  followBlocks(database: Pick<Database, 'listen'>): Promise<void> {
    return this.blocked.follow(database, () => blockedUserIds(this.db));
  }

  /** Whether an administrator has blocked the account, read from the database (false for one that is gone). */
  async isBlocked(userId: string): Promise<boolean> {
    return Boolean((await findUserById(this.db, userId))?.blockedAt);
  }

  /** Whether the account is blocked, as this process has heard (followBlocks): answered from memory. */
  isKnownBlocked(userId: string): boolean {
    return this.blocked.has(userId);
  }

  administratorEmails(db: Executor = this.db): Promise<string[]> {
    return listAdministratorEmails(db);
  }

  /** Gives ADMIN_EMAILS the role once verified; answers the listed addresses that are not verified yet. */
  applyConfiguredAdmins(emails: string[]): Promise<string[]> {
    return applyConfiguredAdmins(this.db, emails);
  }

  /** The names, pictures and e-mails of these accounts: reviews show the first two, administrators all three. */
  authorDetails(ids: string[]): Promise<Map<string, AuthorDetails>> {
    return authorDetails(this.db, ids);
  }

  /** Which of these image URLs a profile shows. */
  imagesInUse(urls: string[]): Promise<Set<string>> {
    return userImagesAmong(this.db, urls);
  }

  /** Creates the demo accounts that do not exist yet (verified, with a password); answers the ones created. */
  async seedDemoAccounts(accounts: AccountCreator): Promise<DemoAccount[]> {
    const created: DemoAccount[] = [];
    for (const account of demoAccounts) {
      if (await findUserByEmail(this.db, account.email)) continue;
      await accounts.createAccount(account);
      created.push(account);
    }
    return created;
  }

  /** The demo accounts that can still be signed in to with their published password: ids and e-mails. */
  async demoAccountsWithPublicPasswords(): Promise<Array<{ id: string; email: string }>> {
    const exposed = [];
    for (const { id, email, hash } of await passwordHashesOf(this.db, demoEmails)) {
      if (await hasPublishedPassword(email, hash)) exposed.push({ id, email });
    }
    return exposed;
  }

  /**
   * Deletes the demo accounts that still have their published password, with their sessions and orders: the
   * unpaid ones first cancelled through `orders`, so that the stock they held comes back.
   */
  async removeDemoAccounts(orders: OrdersOfAccounts): Promise<string[]> {
    const exposed = await this.demoAccountsWithPublicPasswords();
    const ids = exposed.map((account) => account.id);
    if (ids.length > 0) {
      await orders.cancelUnpaidOrdersOf(ids);
      await deleteUsers(this.db, ids);
    }
    return exposed.map((account) => account.email);
  }
}
