import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The largest JSON body a form of the shop sends; routes that take more say so (`bodyLimit`). */
export const JSON_BODY_LIMIT = 16 * 1024;
/** No request body of the shop nests deeper than a few levels. */
const MAX_JSON_DEPTH = 32;

const NUL_IN_URL = /%00|\0/i;
const API_ADDRESS = /^\/api(?:[/?]|$)/;
/** In unicode mode a surrogate pair is one character, so only a lone (ill-formed) surrogate matches. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

function textProblem(text: string): string | undefined {
  if (text.includes('\0')) return 'Text must not contain NUL characters.';
  if (LONE_SURROGATE.test(text)) return 'Text must be valid Unicode.';
  return undefined;
}

/** Whether the query of `url` is not percent-encoded UTF-8: "%ZZ", a cut character "%E2%82", a surrogate "%ED%A0%80". */
function queryMisencoded(url: string): boolean {
  const query = url.indexOf('?');
  if (query < 0) return false;
  try {
    decodeURIComponent(url.slice(query + 1));
    return false;
  } catch {
    return true;
  }
}

/** What is wrong with a parsed JSON body, if anything; iterative, so no depth can overflow the stack. */
export function jsonBodyProblem(body: unknown): string | undefined {
  const stack: Array<{ value: unknown; depth: number }> = [{ value: body, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return problem;
    } else if (value !== null && typeof value === 'object') {
      if (depth >= MAX_JSON_DEPTH) return 'The JSON body is nested too deeply.';
      for (const [key, item] of Object.entries(value)) {
        const problem = textProblem(key);
        if (problem) return problem;
        stack.push({ value: item, depth: depth + 1 });
      }
    }
  }
  return undefined;
}

/**
 * Refuses, before any route sees it, input that no form of the shop sends and that the database or the
 * code behind cannot take: NUL characters (PostgreSQL text cannot hold them) in the URL or a JSON body,
 * an API query that is not percent-encoded UTF-8 (which the query parser would pass on as it is, so that
 * "q=drill%ZZ" searched for "drill%zz"), and JSON nested deeply enough to overflow a recursive reader. A
 * page's address is left to the app, which reads its query leniently, as a browser sends a "%" typed in the
 * address bar as it is.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    if (NUL_IN_URL.test(request.url)) {
      throw app.httpErrors.badRequest('The address must not contain NUL characters.');
    }
    if (API_ADDRESS.test(request.url) && queryMisencoded(request.url)) {
      throw app.httpErrors.badRequest('The address must be percent-encoded UTF-8.');
    }
  });

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    void parseJson(request, body as string, (error, value) => {
      if (error) return done(error, undefined);
      const problem = jsonBodyProblem(value);
      if (problem) return done(app.httpErrors.badRequest(problem), undefined);
      done(null, value);
    });
  });
});
