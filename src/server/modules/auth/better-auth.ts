import { randomBytes } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { callbackUrlSchema, signUpRequestSchema, updateUserRequestSchema } from '#shared/schemas/account.ts';
import { ACCOUNT_BLOCKED_MESSAGE } from '#shared/schemas/users.ts';
import { MAX_PASSWORD_LENGTH, passwordSchema, resetPasswordFormSchema } from '#shared/schemas/auth.ts';
import type { MailMessage } from '#server/adapters/mail/mailer.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { accounts, rateLimits, sessions, users, verifications } from '#server/db/schema.ts';
import type { MailService } from '#server/modules/mail/mail.service.ts';
import type { UsersService } from '#server/modules/users/users.service.ts';
import type { HitCounter } from '#server/plugins/hit-counter.ts';
import { resetPasswordMail, verificationMail } from './auth-mails.ts';
import { COOKIE_PREFIX } from './session-cookies.ts';

export interface BetterAuthDeps {
  config: Config;
  db: Db;
  /** Counts the mails sent to each address (ACCOUNT_MAILS_PER_HOUR). */
  hits: HitCounter;
  secret: string;
  mailer: MailService;
  users: UsersService;
  log: FastifyBaseLogger;
}

/**
 * Address confirmations and reset links sent to one address within an hour, at most: anyone can type anyone's
 * address, and the per-client limits alone let one client send an address thousands a day.
 */
const ACCOUNT_MAILS_PER_HOUR = 5;

/** How long a browser's signed copy of its session (Better Auth's cookie cache) counts without the database. */
export const SESSION_COPY_SECONDS = 60;

const PROVIDER_NAMES = { google: 'Google', github: 'GitHub' } as const;

/** Bounds what Better Auth's own checks and queries get to see; the spec's rules where it has them. */
const emailField = z.string().max(254, { abort: true });
const callbackURL = callbackUrlSchema.optional();
const BODY_RULES: Record<string, z.ZodType> = {
  '/sign-up/email': signUpRequestSchema,
  '/sign-in/email': z.object({
    email: emailField,
    password: z.string().max(MAX_PASSWORD_LENGTH),
    callbackURL,
  }),
  '/sign-in/social': z.object({
    callbackURL,
    errorCallbackURL: callbackURL,
    newUserCallbackURL: callbackURL,
  }),
  '/request-password-reset': z.object({ email: emailField, redirectTo: callbackURL }),
  '/send-verification-email': z.object({ email: emailField, callbackURL }),
  '/reset-password': resetPasswordFormSchema,
  // The spec's password rule holds wherever a password is set.
  '/change-password': z.object({ newPassword: passwordSchema }),
  '/update-user': updateUserRequestSchema,
};

/**
 * Runs the shared zod rule on a request body and answers 400 with the spec's message when it fails; else the
 * body as the rule leaves it.
 */
function check(schema: z.ZodType, body: unknown): unknown {
  const result = schema.safeParse(body);
  if (!result.success) throw new APIError('BAD_REQUEST', { message: result.error.issues[0]?.message });
  return result.data;
}

/** Better Auth as the shop configures it: its tables, mails, rules, rate limits and cookies. */

/**
 * What Better Auth logs as an error though it only refuses the client's own request (a callback URL of another
 * site, an OAuth state that is stale or forged, a provider the shop does not have): anyone could fill the error
 * log with them. Logged as warnings, so that an error line means the shop itself failed.
 */
const CLIENT_REFUSAL =
  /^(Invalid (callbackURL|redirectURL|errorCallbackURL|newUserCallbackURL|redirect URL|origin)\b|Failed to parse state|State not found|Provider not found|Change email is disabled|Email is the same|Unable to link account|Delete user is disabled)/;

function loggedLevel<Level extends string>(level: Level, message: string): Level | 'warn' {
  return level === 'error' && CLIENT_REFUSAL.test(message) ? 'warn' : level;
}

export function createBetterAuth(deps: BetterAuthDeps) {
  const { config, db, secret, mailer, log } = deps;
  // Queued, not sent: the request waits only for the job to be stored, which is quick for any address. The
  // answer is the same when the address has had its mails for the hour, so it tells the sender nothing.
  const send = async (message: MailMessage) => {
    const [sent] = await deps.hits.count([`account-mail:${message.to.toLowerCase()}`], 60 * 60);
    if (sent!.hits <= ACCOUNT_MAILS_PER_HOUR) return mailer.send(message);
    log.warn(`An account mail was not sent: its address had ${ACCOUNT_MAILS_PER_HOUR} this hour`);
  };
  const authLimit = { window: 60, max: config.authRateLimit };
  /** ADMIN_EMAILS make administrators only of addresses proven to belong to their owner. */
  const isConfiguredAdmin = (user: { email: string; emailVerified?: boolean | null }) =>
    user.emailVerified === true && config.adminEmails.includes(user.email.toLowerCase());

  const auth = betterAuth({
    appName: 'Forgeline Tools & Parts',
    baseURL: config.baseUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
      },
    }),
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
        number: { type: 'string', required: false, input: false },
        address: { type: 'string', required: false, input: false },
        institute: { type: 'string', required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => send(resetPasswordMail(config.baseUrl, user, token)),
      onPasswordReset: ({ user }) => voidResetLinks(user.id),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, token }) => send(verificationMail(config.baseUrl, user, token)),
    },
    socialProviders: {
      ...(config.google && {
        google: { ...config.google, overrideUserInfoOnSignIn: true, prompt: 'select_account' },
      }),
      ...(config.github && { github: { ...config.github, overrideUserInfoOnSignIn: true } }),
    },
    // No trusted providers: a Google or GitHub account joins an existing one only when the provider says
    // that it has verified the e-mail address, and only an account whose address was verified here too: anyone
    // may sign up with an address before its owner, choosing the password, which must not come with it.
    account: { accountLinking: { enabled: true, requireLocalEmailVerified: true } },
    databaseHooks: {
      // Every sign-in, by password, provider or confirmation link, starts a session here.
      session: {
        create: {
          before: async (session) => {
            if (await deps.users.isBlocked(session.userId)) {
              throw new APIError('FORBIDDEN', { message: ACCOUNT_BLOCKED_MESSAGE, code: 'ACCOUNT_BLOCKED' });
            }
          },
        },
      },
      user: {
        create: {
          before: async (user) => ({
            data: { ...user, role: isConfiguredAdmin(user) ? 'admin' : (user.role ?? 'user') },
          }),
        },
        update: {
          // Verification (by the link, or by a provider at sign-in) is when ADMIN_EMAILS takes effect.
          after: async (user) => {
            if (!user || !isConfiguredAdmin(user)) return;
            if (user.role !== 'admin') await takeFromWhoeverRegisteredFirst(user);
            await deps.users.promote(user.email);
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const rule = BODY_RULES[ctx.path];
        const checked = rule && (check(rule, ctx.body) as { name?: unknown });
        if (ctx.path === '/sign-in/social') {
          const provider = (ctx.body as { provider?: string } | undefined)?.provider;
          if ((provider === 'google' || provider === 'github') && !config[provider]) {
            throw new APIError('BAD_REQUEST', {
              message: `${PROVIDER_NAMES[provider]} sign-in is not configured on this server.`,
              code: 'PROVIDER_NOT_CONFIGURED',
            });
          }
        }
        // A new password ends the account's other sessions, whatever the client asks: whoever knew the old
        // password, or took a session with it, is out.
        if (ctx.path === '/change-password') {
          return { context: { body: { ...(ctx.body as object), revokeOtherSessions: true } } };
        }
        // Better Auth keeps the name as sent: it takes the rule's, trimmed (the other fields stay as sent).
        if (typeof checked?.name === 'string') {
          return { context: { body: { ...(ctx.body as object), name: checked.name } } };
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        // The session a password change starts: the password was changed.
        const changedBy = ctx.context.newSession?.user.id;
        if (ctx.path === '/change-password' && changedBy) await voidResetLinks(changedBy);
      }),
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': authLimit,
        '/sign-in/social': authLimit,
        '/sign-up/email': authLimit,
        '/request-password-reset': authLimit,
        '/reset-password': authLimit,
        '/send-verification-email': authLimit,
        '/change-password': authLimit,
        // A link's token or provider is in its path, and each path has a counter of its own: every made-up
        // token would add one. Guessing a token (or an OAuth state) is hopeless anyway.
        '/reset-password/*': false,
        '/callback/*': false,
      },
    },
    // The session and its user travel in a signed HttpOnly cookie for a minute, so most requests do not ask the
    // database who is signed in. A session ended elsewhere (sign-out on another device, a password reset)
    // therefore lasts up to that minute here; administrators' rights are checked against the database.
    session: { cookieCache: { enabled: true, maxAge: SESSION_COPY_SECONDS } },
    advanced: {
      useSecureCookies: config.baseUrl.startsWith('https://'),
      cookiePrefix: COOKIE_PREFIX,
      // The Fastify mount writes the client's real address (honouring trustProxy) into this header.
      // An IPv6 client is counted by its /64, as the shop's own limits do.
      ipAddress: { ipAddressHeaders: ['x-client-ip'], ipv6Subnet: 64 },
      // Better Auth turns both off by itself when NODE_ENV is "test"; the shop checks them everywhere.
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    logger: {
      log: (level, message, ...args) => log[loggedLevel(level, message)]({ args }, message),
    },
    telemetry: { enabled: false },
  });

  /**
   * Ends every password-reset link still open for the account, once its password has been chosen (by one of
   * them or by a change): an older link, in a mail someone else may read, must not choose it again.
   */
  async function voidResetLinks(userId: string) {
    await deps.db
      .delete(verifications)
      .where(and(eq(verifications.value, userId), like(verifications.identifier, 'reset-password:%')));
  }

  /**
   * Anyone may sign up with an address listed in ADMIN_EMAILS before its owner does, choosing the password, and
   * the owner then confirm it from the mail that sign-up sent. So as a listed address becomes an administrator,
   * its sessions end and its password becomes one nobody knows; the owner of the mailbox gets a link to choose
   * one. A sign-in that verified it stays signed in: the link opened without a session, or a provider. A
   * browser that still holds the sign-up's session is signed out with the others, even when it opens the
   * link: a shared computer may hold the session of whoever registered the address.
   */
  async function takeFromWhoeverRegisteredFirst(user: { id: string; email: string }) {
    const context = await auth.$context;
    await context.internalAdapter.deleteUserSessions(user.id);
    const accounts = await context.internalAdapter.findAccounts(user.id);
    if (!accounts.some((account) => account.providerId === 'credential')) return;
    await context.internalAdapter.updatePassword(
      user.id,
      await context.password.hash(randomBytes(32).toString('base64url')),
    );
    await auth.api.requestPasswordReset({ body: { email: user.email, redirectTo: '/reset-password' } });
  }

  return auth;
}

export type BetterAuth = ReturnType<typeof createBetterAuth>;
