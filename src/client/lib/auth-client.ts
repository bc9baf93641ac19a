import { createAuthClient } from 'better-auth/react';
import { errorText, messages } from '#shared/messages.ts';

/** Better Auth's client, for the sign-in, sign-up, reset and verification screens (loaded with them). */
export const authClient = createAuthClient({ basePath: '/api/auth' });

/** "Error :" and the message, as the spec shows auth errors; an address in use shows Firebase's code. */
export function authErrorText(error: { code?: string | undefined; message?: string | undefined }): string {
  const message = error.code?.startsWith('USER_ALREADY_EXISTS') ? messages.emailInUse : error.message;
  return errorText(message ?? 'something went wrong, please try again');
}
