import { createHash, randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { SignJWT, generateKeyPair } from 'jose';

/*
 * Google's and GitHub's sign-in servers, offline. A test sends Better Auth's server-side calls to the
 * stand-in by wrapping globalThis.fetch for REROUTED_HOSTS, and the browser's visits by AUTHORIZE's paths.
 */

export type ProviderId = 'google' | 'github';

/** The person signed in at the provider, as the provider knows them. */
export interface ProviderPerson {
  id: string;
  name: string;
  email: string;
  avatar: string;
  /** Whether the provider has verified the e-mail address (it says so with every sign-in). */
  verified?: boolean;
}

/** An authorization code the stand-in issued and what it is bound to. */
interface Grant {
  provider: ProviderId;
  redirectUri: string;
  codeChallenge: string | undefined;
  person: ProviderPerson;
}

export const CLIENTS = {
  google: { id: 'google-test-client.apps.example', secret: 'google-test-secret' },
  github: { id: 'Iv1.github-test-client', secret: 'github-test-secret' },
} as const;

/** The provider hosts Better Auth calls from the server; the stand-in answers on the same paths. */
export const REROUTED_HOSTS = new Set(['oauth2.googleapis.com', 'github.com', 'api.github.com']);

/** Where the shop sends the browser to sign in at each provider. */
export const AUTHORIZE = {
  google: 'https://accounts.google.com/o/oauth2/v2/auth',
  github: 'https://github.com/login/oauth/authorize',
} as const;

const sha256Base64Url = (value: string) => createHash('sha256').update(value).digest('base64url');
const randomToken = (prefix: string) => `${prefix}_${randomBytes(16).toString('hex')}`;

/** Google and GitHub as far as the sign-in uses them, checking what they check. */
export async function startProviderStandIn(baseUrl: string) {
  const { privateKey } = await generateKeyPair('RS256');
  const codes = new Map<string, Grant>();
  const accessTokens = new Map<string, ProviderPerson>();
  const signedIn: Partial<Record<ProviderId, ProviderPerson>> = {};
  const log: string[] = [];

  const app: FastifyInstance = Fastify();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addHook('onRequest', async (request) => {
    log.push(`${request.method} ${request.url.split('?')[0]}`);
  });

  /** The browser at the provider's consent page: the user approves, the provider redirects back with a code. */
  function authorize(provider: ProviderId) {
    return async (
      request: FastifyRequest<{ Querystring: Record<string, string | undefined> }>,
      reply: FastifyReply,
    ) => {
      const query = request.query;
      const person = signedIn[provider];
      const redirectUri = `${baseUrl}/api/auth/callback/${provider}`;
      if (query.client_id !== CLIENTS[provider].id) return reply.code(400).send('unknown client_id');
      // Real providers only redirect to a callback URL registered for the client.
      if (query.redirect_uri !== redirectUri) return reply.code(400).send('redirect_uri mismatch');
      if (query.response_type !== 'code' || !query.state) return reply.code(400).send('bad request');
      if (query.code_challenge && query.code_challenge_method !== 'S256')
        return reply.code(400).send('bad PKCE');
      if (provider === 'google' && !query.code_challenge) return reply.code(400).send('PKCE required');
      if (!person) return reply.code(400).send('nobody signed in at the provider');
      const code = randomToken(`${provider}_code`);
      codes.set(code, { provider, redirectUri, codeChallenge: query.code_challenge, person: { ...person } });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', query.state);
      return reply.redirect(back.href, 302);
    };
  }

  /** Checks a token request as the provider does; answers the grant or why it is refused. */
  function redeem(provider: ProviderId, request: FastifyRequest): Grant | { error: string; status: number } {
    if (!String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
      return { error: 'unsupported_content_type', status: 415 };
    }
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    if (form.client_id !== CLIENTS[provider].id || form.client_secret !== CLIENTS[provider].secret) {
      return { error: 'invalid_client', status: 401 };
    }
    if (form.grant_type !== 'authorization_code') return { error: 'unsupported_grant_type', status: 400 };
    const grant = form.code ? codes.get(form.code) : undefined;
    if (!grant || grant.provider !== provider) return { error: 'invalid_grant', status: 400 };
    codes.delete(form.code!); // single use, as at the real providers
    if (form.redirect_uri !== grant.redirectUri) return { error: 'invalid_grant', status: 400 };
    if (
      grant.codeChallenge &&
      (!form.code_verifier || sha256Base64Url(form.code_verifier) !== grant.codeChallenge)
    ) {
      return { error: 'invalid_grant', status: 400 };
    }
    return grant;
  }

  app.get('/o/oauth2/v2/auth', authorize('google'));
  app.get('/login/oauth/authorize', authorize('github'));

  app.post('/token', async (request, reply) => {
    const grant = redeem('google', request);
    if ('error' in grant) return reply.code(grant.status).send({ error: grant.error });
    const { person } = grant;
    const accessToken = randomToken('ya29');
    accessTokens.set(accessToken, person);
    const idToken = await new SignJWT({
      email: person.email,
      email_verified: person.verified ?? true,
      name: person.name,
      picture: person.avatar,
      azp: CLIENTS.google.id,
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'stand-in-key', typ: 'JWT' })
      .setIssuer('https://accounts.google.com')
      .setAudience(CLIENTS.google.id)
      .setSubject(person.id)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    return {
      access_token: accessToken,
      expires_in: 3599,
      scope:
        'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile',
      token_type: 'Bearer',
      id_token: idToken,
    };
  });

  app.post('/login/oauth/access_token', async (request, reply) => {
    const grant = redeem('github', request);
    // GitHub answers a bad code with 200 and an error body; JSON only when asked for it.
    let body: Record<string, string>;
    if ('error' in grant) {
      body = { error: grant.error === 'invalid_grant' ? 'bad_verification_code' : grant.error };
    } else {
      const accessToken = randomToken('gho');
      accessTokens.set(accessToken, grant.person);
      body = { access_token: accessToken, token_type: 'bearer', scope: 'read:user,user:email' };
    }
    if (!String(request.headers.accept).includes('application/json')) {
      return reply.type('application/x-www-form-urlencoded').send(new URLSearchParams(body).toString());
    }
    return body;
  });

  function githubUser(request: FastifyRequest, reply: FastifyReply) {
    if (!request.headers['user-agent']) {
      void reply.code(403).send({
        message:
          'Request forbidden by administrative rules. Please make sure your request has a User-Agent header',
      });
      return undefined;
    }
    const match = /^(?:Bearer|token) (\S+)$/i.exec(String(request.headers.authorization ?? ''));
    const person = match?.[1] ? accessTokens.get(match[1]) : undefined;
    if (!person) void reply.code(401).send({ message: 'Bad credentials' });
    return person;
  }

  app.get('/user', async (request, reply) => {
    const person = githubUser(request, reply);
    if (!person) return reply;
    // A private e-mail: GitHub leaves it out here, so the sign-in has to read /user/emails.
    return {
      id: Number(person.id),
      login: person.name.toLowerCase().replace(/\W+/g, '-'),
      name: person.name,
      email: null,
      avatar_url: person.avatar,
    };
  });

  app.get('/user/emails', async (request, reply) => {
    const person = githubUser(request, reply);
    if (!person) return reply;
    return [
      {
        email: `${person.id}+octo@users.noreply.github.com`,
        primary: false,
        verified: true,
        visibility: null,
      },
      { email: person.email, primary: true, verified: person.verified ?? true, visibility: 'private' },
    ];
  });

  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    log,
    /** Who approves the next authorization request at this provider. */
    signIn(provider: ProviderId, person: ProviderPerson) {
      signedIn[provider] = person;
    },
    close: () => app.close(),
  };
}

export type ProviderStandIn = Awaited<ReturnType<typeof startProviderStandIn>>;
