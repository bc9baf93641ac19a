interface Answer {
  status?: number;
  body?: unknown;
}
type Reply = Answer | ((request: SentRequest) => Answer | Promise<Answer>);

export interface SentRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

const offline = () => Promise.reject(new Error('No network in component tests: answer it with stubApi().'));
let answer: (request: Request) => Promise<Response> = offline;

/**
 * Puts the stub in fetch's place, once, before any module is loaded: Better Auth's client keeps the fetch it
 * finds when it is created.
 */
export function installFetchStub(): void {
  globalThis.fetch = (input, init) =>
    answer(input instanceof Request ? input : new Request(new URL(String(input), location.origin), init));
}

export function resetFetchStub(): void {
  answer = offline;
}

/**
 * Answers the network: each request by the entry named "METHOD /path" (the path without its query), anything
 * else with 404; a reply function that throws is a connection lost before the answer came. Returns the
 * requests sent, for tests that check what a screen sent.
 */
export function stubApi(replies: Record<string, Reply>): SentRequest[] {
  const sent: SentRequest[] = [];
  answer = async (request) => {
    const text = await request.text();
    const url = new URL(request.url);
    const sentRequest = {
      method: request.method,
      url,
      headers: request.headers,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    sent.push(sentRequest);
    const reply = replies[`${request.method} ${url.pathname}`] ?? apiError(404, 'Not found');
    const { status = 200, body = null } = typeof reply === 'function' ? await reply(sentRequest) : reply;
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return sent;
}

/** A request that never gets its answer: the screen stays waiting. */
export const never = () => new Promise<Answer>(() => {});

/** An error answer as the API gives it. */
export function apiError(status: number, message: string): Answer {
  return { status, body: { statusCode: status, error: 'Error', message } };
}

/** GET /api/auth/get-session for a signed-in buyer (or whoever `user` says). */
export function signedIn(user: { name?: string; email?: string; role?: 'admin' | 'user' } = {}): Answer {
  return {
    body: {
      user: { id: 'user-1', name: 'Carla Reyes', email: 'carla@example.com', role: 'user', ...user },
    },
  };
}

/** The query parameters of each request sent to `path` (below /api), in order. */
export function queriesTo(sent: SentRequest[], path: string): Array<Record<string, string>> {
  return sent
    .filter(({ url }) => url.pathname === `/api${path}`)
    .map(({ url }) => Object.fromEntries(url.searchParams));
}
