import { createAuthClient } from 'better-auth/react';

/** Better Auth's client itself: only ever imported through auth-client.ts, when first needed. */
export const betterAuthClient = createAuthClient({ basePath: '/api/auth' });
