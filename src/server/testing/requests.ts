import type { LightMyRequestResponse } from 'fastify';
import type { TestUser } from './accounts.ts';
import type { TestContext } from './test-app.ts';

/** Nobody signed in: a page of the shop without a session. */
export const anonymous = 'anonymous';

/** Who sends a request: a signed-up account, or nobody. */
export type Caller = TestUser | typeof anonymous;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Requests to the app as one caller, from a page of the shop (its Origin, and its cookie if signed in). */
export interface Requests {
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: object): Promise<LightMyRequestResponse>;
  put(url: string, body?: object): Promise<LightMyRequestResponse>;
  patch(url: string, body?: object): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
}

/**
 * `as(buyer).post('/api/order', body)`, `as(anonymous).get('/api/parts')`. The context is read at each call,
 * since test files create it in beforeAll: `const as = requestsAs(() => ctx);`.
 */
export function requestsAs(context: () => TestContext): (who: Caller) => Requests {
  return (who) => {
    const send = (method: Method, url: string, payload?: object) => {
      const { app, config } = context();
      const headers = who === anonymous ? { origin: config.baseUrl } : who.headers;
      return app.inject({ method, url, headers, payload });
    };
    return {
      get: (url) => send('GET', url),
      post: (url, body) => send('POST', url, body),
      put: (url, body) => send('PUT', url, body),
      patch: (url, body) => send('PATCH', url, body),
      delete: (url) => send('DELETE', url),
    };
  };
}
