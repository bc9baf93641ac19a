import type { IncomingMessage, ServerResponse } from 'node:http';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

interface SecurityOptions {
  https: boolean;
  /** Stripe Elements loads its script and card frame from Stripe's hosts. */
  stripe: boolean;
  /** Origins whose pages may send state-changing requests (the shop's own, and TRUSTED_ORIGINS). */
  allowedOrigins: string[];
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The headers Helmet sets for these options. They are the same for every response, so they are worked out
 * once: Fastify's Helmet plugin builds Helmet again (and parses the policy) on every request.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * Responses that no browser renders as a page (JSON, scripts, style sheets): the policies that govern a page
 * (its content security policy, framing, opener, DNS prefetching of its links, the old browsers' XSS filter) do
 * nothing on them, and are
 * left off so that every API answer and asset is smaller. Anything else, from HTML to SVG, PDF or CSV, gets
 * them all.
 */
const NOT_A_DOCUMENT = /^(application\/json|text\/javascript|application\/javascript|text\/css)\b/;
const DOCUMENT_ONLY = new Set([
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]);

function splitByDocumentOnly(headers: Record<string, string>) {
  const entries = Object.entries(headers);
  return {
    everyResponse: Object.fromEntries(entries.filter(([name]) => !DOCUMENT_ONLY.has(name))),
    documentsOnly: Object.fromEntries(entries.filter(([name]) => DOCUMENT_ONLY.has(name))),
  };
}

/**
 * Secure headers with a strict content security policy, gzip/brotli for text responses, and a refusal of
 * state-changing requests sent by another site's page (the browser names that page in Origin).
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, { https, stripe, allowedOrigins }: SecurityOptions) => {
    const stripeScript = stripe ? ['https://js.stripe.com'] : [];
    app.addHook('onRequest', (request, _reply, done) => {
      const origin = request.headers.origin;
      if (SAFE_METHODS.has(request.method) || !origin || allowedOrigins.includes(origin)) return done();
      done(app.httpErrors.forbidden('Requests from another site are not accepted.'));
    });
    const securityHeaders = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...stripeScript],
          frameSrc: stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Avatars from Google and GitHub sign-in live on their hosts.
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: https,
    });
    const { everyResponse, documentsOnly } = splitByDocumentOnly(securityHeaders);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(everyResponse);
      done();
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (!NOT_A_DOCUMENT.test(String(reply.getHeader('content-type') ?? ''))) reply.headers(documentsOnly);
      done(null, payload);
    });
    await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  },
);
