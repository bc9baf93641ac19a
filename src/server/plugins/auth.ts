import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthService, SessionUser } from '#server/modules/auth/auth.service.ts';
import { withoutMalformedCookieCache } from '#server/modules/auth/session-cookies.ts';
import { apiError } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
    /**
     * onRequest hook: 401 without a session; sets request.user (from the session's signed cookie cache). Run
     * before the body is read and checked, so that someone without the right learns nothing of a route's input.
     */
    requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /**
     * onRequest hook: as requireUser, but with the session checked in the database, for routes on which an
     * administrator reaches other accounts: a session that has ended loses those rights at once.
     */
    requireCurrentUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** onRequest hook: 401 without a session, 403 for anyone but an administrator. */
    requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
  }
  const cookie = headers.get('cookie');
  if (cookie) headers.set('cookie', withoutMalformedCookieCache(cookie));
  // Rate limits key on this; request.ip honours trustProxy, so a client cannot pick its own address.
  headers.set('x-client-ip', request.ip);
  return headers;
}

/**
 * The request's URL as its endpoint's path spells it, whatever spelling matched that path (a trailing slash, an
 * escaped letter): Better Auth counts requests by the path as it reads it.
 */
function endpointUrl(request: FastifyRequest): string {
  const params = request.params as Record<string, string>;
  const path = request.routeOptions.url!.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(params[name]!),
  );
  const query = request.url.indexOf('?');
  return query === -1 ? path : path + request.url.slice(query);
}

/** Mounts Better Auth's endpoints under /api/auth and gives routes the session's user. */
export const authPlugin = fp(
  async (
    app: FastifyInstance,
    {
      auth,
      baseUrl,
      currentRole,
    }: {
      auth: AuthService;
      baseUrl: string;
      /** The account's role as the database has it now (the session may be a minute old). */
      currentRole(userId: string): Promise<SessionUser['role'] | undefined>;
    },
  ) => {
    app.decorate('auth', auth);
    app.decorateRequest('user', null);

    // Only Better Auth's own endpoints reach it: it counts every request against its client and path in the
    // database before it looks for the endpoint, so any other path would leave a row behind.
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const hasBody = request.method === 'POST' && request.body !== undefined;
      const headers = toWebHeaders(request);
      await auth.withoutEndedSession(headers);
      const response = await auth.handler(
        new Request(new URL(endpointUrl(request), baseUrl), {
          method: request.method,
          headers,
          body: hasBody ? JSON.stringify(request.body) : undefined,
        }),
      );
      reply.code(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
      });
      // Better Auth names its wait X-Retry-After; clients and proxies know the standard header.
      const retryAfter = response.headers.get('x-retry-after');
      if (response.status === 429 && retryAfter) reply.header('retry-after', retryAfter);
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      const text = await response.text();
      if (response.status >= 400) return reply.send(toApiError(response.status, text));
      const isJson = response.headers.get('content-type')?.includes('application/json');
      return reply.send(isJson && text ? withoutSessionTokens(JSON.parse(text)) : text || null);
    };
    for (const { path, methods } of auth.endpoints) {
      app.route({ method: methods, url: `/api/auth${path}`, schema: { hide: true }, handler });
    }

    const loadUser = (request: FastifyRequest) => auth.sessionUser(toWebHeaders(request));

    app.decorate('requireUser', async (request: FastifyRequest) => {
      request.user = await loadUser(request);
      if (!request.user) throw app.httpErrors.unauthorized('Please sign in first.');
    });
    const requireCurrentUser = async (request: FastifyRequest) => {
      // Not from the cookie cache: an administrator's session that has ended loses its rights at once.
      request.user = await auth.currentSessionUser(toWebHeaders(request));
      if (!request.user) throw app.httpErrors.unauthorized('Please sign in first.');
    };
    app.decorate('requireCurrentUser', requireCurrentUser);
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      await requireCurrentUser(request);
      if ((await currentRole(request.user!.id)) !== 'admin') {
        throw app.httpErrors.forbidden('Only administrators can do this.');
      }
    });
  },
);

/**
 * Better Auth puts the session token in its answers (sign-in, sign-up, get-session, list-sessions). The shop
 * keeps it in an HttpOnly cookie only, where no script of the page can read it.
 */
function withoutSessionTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSessionTokens);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'token')
      .map(([key, item]) => [key, withoutSessionTokens(item)]),
  );
}

/** Better Auth answers `{ code, message }`; the API's errors are `{ statusCode, error, message }` (code kept). */
function toApiError(statusCode: number, text: string) {
  let body: { code?: string; message?: string } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    body = { message: text };
  }
  const error = apiError(statusCode, body.message || 'Request failed');
  return { ...error, ...(body.code && { code: body.code }) };
}
