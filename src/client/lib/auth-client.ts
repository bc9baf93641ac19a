import { errorText, messages } from '#shared/messages.ts';
import { loadOnce } from './load-once.ts';

/**
 * Better Auth's client (11 KB gzip), for the sign-in, sign-up, reset and verification screens and the profile:
 * none needs it to show, so it is downloaded on the first focus inside an account screen's card (`preloadAuthClient`,
 * AuthCard) or on the first sending.
 */
export const authClient = loadOnce(async () => (await import('./better-auth-client.ts')).betterAuthClient);

export const preloadAuthClient = (): void => void authClient().catch(() => {});

/** "Error :" and the message, as the spec shows auth errors; an address in use shows Firebase's code. */
export function authErrorText(error: { code?: string | undefined; message?: string | undefined }): string {
  const message = error.code?.startsWith('USER_ALREADY_EXISTS') ? messages.emailInUse : error.message;
  return errorText(message ?? 'something went wrong, please try again');
}
