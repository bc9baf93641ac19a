import { errorText, messages } from '#shared/messages.ts';
import { importAgainable } from './import-again.ts';
import { loadOnce } from './load-once.ts';
import { texts } from './texts.ts';

const importBetterAuthClient = importAgainable(() => import('./better-auth-client.ts'));

/**
 * Better Auth's client (11 KB gzip), for the sign-in, sign-up, reset and verification screens and the profile:
 * none needs it to show, so it is downloaded on the first focus inside an account screen's card (`preloadAuthClient`,
 * AuthCard) or on the first sending.
 */
export const authClient = loadOnce(async () => (await importBetterAuthClient()).betterAuthClient);

export const preloadAuthClient = (): void => void authClient().catch(() => {});

type BetterAuthClient = Awaited<ReturnType<typeof authClient>>;

/** A call's failure as Better Auth's client answers it (it throws only when the server cannot be reached). */
interface AuthFailure {
  data: null;
  error: { code?: string; message?: string };
}

/**
 * One call of Better Auth's client. When the client's download fails or the request never reaches the server,
 * that is answered as the call's error, as the server's refusals are, so that the form says so and can be
 * sent again rather than waiting forever.
 */
export async function callAuth<R>(call: (client: BetterAuthClient) => Promise<R>): Promise<R | AuthFailure> {
  try {
    return await call(await authClient());
  } catch {
    return { data: null, error: { message: texts.noConnection } };
  }
}

/** "Error :" and the message, as the spec shows auth errors; an address in use shows Firebase's code. */
export function authErrorText(error: { code?: string | undefined; message?: string | undefined }): string {
  const message = error.code?.startsWith('USER_ALREADY_EXISTS') ? messages.emailInUse : error.message;
  return errorText(message ?? 'something went wrong, please try again');
}
