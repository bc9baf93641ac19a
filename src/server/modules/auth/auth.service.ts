import { LRUCache } from 'lru-cache';
import { socialProviderSchema, type SocialProvider } from '#shared/schemas/auth.ts';
import type { Database } from '#server/db/client.ts';
import type { AccountCreator, NewAccount } from '#server/modules/users/users.service.ts';
import type { PeriodicTask } from '#server/periodic-task.ts';
import { AuthContexts } from './auth-contexts.ts';
import { resolveAuthSecret } from './auth-secret.ts';
import {
  createBetterAuth,
  SESSION_COPY_SECONDS,
  type BetterAuth,
  type BetterAuthDeps,
} from './better-auth.ts';
import { EndedSessions } from './ended-sessions.ts';
import { deleteExpiredSignIns } from './expired-sign-ins.ts';
import { liveSessionCheck } from './live-sessions.ts';
import { sessionCookies, withoutSessionCookies } from './session-cookies.ts';

const HOUR_MS = 60 * 60 * 1000;

/** An endpoint of Better Auth that clients may call, under /api/auth. */
export interface AuthEndpoint {
  /** `:name` marks a parameter, as Fastify writes it. */
  path: string;
  methods: Array<'GET' | 'POST'>;
}

/** The signed-in person, as the session says. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: 'admin' | 'user';
  /** As the session had it: an address confirmed since may still read false here for up to a minute. */
  emailVerified: boolean;
}

function toSessionUser(user: {
  id: string;
  name: string;
  email: string;
  role?: unknown;
  emailVerified?: unknown;
}): SessionUser {
  const { id, name, email, role, emailVerified } = user;
  return {
    id,
    name,
    email,
    role: role === 'admin' ? 'admin' : 'user',
    emailVerified: emailVerified === true,
  };
}

/**
 * Better Auth trusts its signed session cookie for a minute (the cookie cache) without reading the database;
 * checking that signature and parsing the cookie again on every request costs more than a cached catalogue
 * read. The same session cookies give the same person for a few more seconds, at most, of that minute; they
 * alone are the key, so that other cookies sent beside them (any number, of any size) do not fill the memo.
 */
const SESSION_MEMO = { max: 10_000, ttl: 5_000 };

/** Who a session names, and which session it is. */
interface SignedIn {
  user: SessionUser;
  sessionId: string;
}

/**
 * Sign-in (Better Auth: e-mail and password, Google, GitHub, verification, password reset) and who is signed
 * in. The auth plugin mounts it at /api/auth.
 */
export class AuthService implements AccountCreator {
  private readonly sessions = new LRUCache<string, SignedIn>(SESSION_MEMO);
  /** A copy of a session counts for the cookie cache's lifetime, and its reading for the memo's after that. */
  private readonly ended = new EndedSessions(SESSION_COPY_SECONDS * 1000 + SESSION_MEMO.ttl);
  private readonly isLive: (sessionId: string) => Promise<boolean>;

  private constructor(
    private readonly betterAuth: BetterAuth,
    private readonly contexts: AuthContexts,
    /** Google and GitHub, each when its client id and secret are configured. */
    readonly socialProviders: SocialProvider[],
    private readonly deps: Pick<BetterAuthDeps, 'db' | 'log' | 'users'>,
  ) {
    this.isLive = liveSessionCheck(deps.db);
  }

  /** Signs sessions with AUTH_SECRET, or else with the secret this database keeps. */
  static async create(deps: Omit<BetterAuthDeps, 'secret'>): Promise<AuthService> {
    const secret = await resolveAuthSecret(deps.db, deps.config.authSecret);
    const configured = socialProviderSchema.options.filter((provider) => deps.config[provider]);
    const contexts = await AuthContexts.create();
    return new AuthService(createBetterAuth({ ...deps, secret }), contexts, configured, deps);
  }

  /** Better Auth's endpoints, callable from the server. */
  get api(): BetterAuth['api'] {
    return this.betterAuth.api;
  }

  /** The hourly deletion of the sessions, links and rate-limit counters that have ended. */
  expiredRowsSweep(): PeriodicTask {
    const { db, log } = this.deps;
    return {
      name: 'deleting ended sessions, links and sign-in counters',
      everyMs: HOUR_MS,
      async run() {
        const deleted = await deleteExpiredSignIns(db);
        if (Object.values(deleted).some((count) => count > 0))
          log.info(deleted, 'deleted ended sign-in rows');
      },
    };
  }

  /** Every endpoint of Better Auth with a path of its own (those without one are for the server alone). */
  get endpoints(): AuthEndpoint[] {
    const endpoints = Object.values(this.betterAuth.api) as Array<{
      path?: string;
      options: { method: string | string[] };
    }>;
    return endpoints.flatMap(({ path, options }) => {
      const methods = [options.method].flat().filter((method) => method === 'GET' || method === 'POST');
      return path && methods.length > 0 ? [{ path, methods }] : [];
    });
  }

  /**
   * Answers a request to one of `endpoints` (with headers that went through withoutBlockedSession). A sign-out
   * counts in this process at once: the database's announcement of it (EndedSessions) comes back on another
   * connection on PostgreSQL, possibly after the browser's next request with a copy of the session.
   */
  async handler(request: Request): Promise<Response> {
    const signingOut = new URL(request.url).pathname.endsWith('/sign-out')
      ? await this.cookieSession(request.headers)
      : null;
    const response = await this.contexts.call(() => this.betterAuth.handler(request));
    if (signingOut && response.ok) this.ended.record([signingOut.sessionId]);
    return response;
  }

  /**
   * Takes the session cookies out of `headers` when their session no longer counts (sessionUser), so that Better
   * Auth answers as to someone signed out (get-session: no session) whatever the copy of the session in them says.
   */
  async withoutEndedSession(headers: Headers): Promise<void> {
    const cookie = headers.get('cookie');
    if (!cookie || !sessionCookies(cookie)) return;
    const signedIn = await this.cookieSession(headers);
    const ended = signedIn ? !this.counts(signedIn) : !this.ended.copiesTrusted;
    if (ended) headers.set('cookie', withoutSessionCookies(cookie));
  }

  /**
   * Who the request's session cookie names; the role as the session had it (see requireAdmin). Nobody once the
   * session has ended, or its account is blocked, though a browser's signed copy of the session lasts a minute.
   */
  async sessionUser(headers: Headers): Promise<SessionUser | null> {
    const signedIn = await this.cookieSession(headers);
    return signedIn && this.counts(signedIn) ? signedIn.user : null;
  }

  /**
   * Who the session names, asked of the database itself rather than the signed cookie cache: a session that
   * was ended (signed out, reset, taken from whoever registered an administrator's address) no longer counts,
   * nor one a sign-in started as its account was being blocked.
   */
  async currentSessionUser(headers: Headers): Promise<SessionUser | null> {
    const signedIn = await this.readSession(headers, { fromDatabase: true });
    return signedIn && this.counts(signedIn) ? signedIn.user : null;
  }

  /**
   * Hears which sessions end, in any process, from now on (EndedSessions); after a gap in the hearing, the
   * sessions read before it are read again.
   */
  followEndedSessions(database: Pick<Database, 'listen'>): Promise<void> {
    return this.ended.follow(database, () => this.sessions.clear());
  }

  private counts({ user, sessionId }: SignedIn): boolean {
    return !this.deps.users.isKnownBlocked(user.id) && !this.ended.has(sessionId);
  }

  /**
   * Who the session cookies name, from the signed copy of the session in them; while copies are not trusted
   * (EndedSessions: this process may have missed ends), only if the database still has that session. Each
   * reading is kept a few seconds, as every end heard meanwhile still counts (counts()).
   */
  private async cookieSession(headers: Headers): Promise<SignedIn | null> {
    const cookie = sessionCookies(headers.get('cookie') ?? '');
    if (!cookie) return null;
    const known = this.sessions.get(cookie);
    if (known) return known;
    const checkDatabase = !this.ended.copiesTrusted;
    const signedIn = await this.readSession(headers, { fromDatabase: false });
    if (!signedIn || (checkDatabase && !(await this.isLive(signedIn.sessionId)))) return null;
    this.sessions.set(cookie, signedIn);
    return signedIn;
  }

  private async readSession(headers: Headers, { fromDatabase }: { fromDatabase: boolean }) {
    const session = await this.contexts.call(() =>
      this.betterAuth.api.getSession({ headers, query: { disableCookieCache: fromDatabase } }),
    );
    return session && { user: toSessionUser(session.user), sessionId: session.session.id };
  }

  createAccount({ name, email, role, password }: NewAccount): Promise<void> {
    return this.contexts.call(async () => {
      const context = await this.betterAuth.$context;
      const user = await context.internalAdapter.createUser(
        { name, email, emailVerified: true, role },
        { method: 'admin' },
      );
      await context.internalAdapter.linkAccount({
        userId: user.id,
        providerId: 'credential',
        accountId: user.id,
        password: await context.password.hash(password),
      });
    });
  }
}
