import { z } from 'zod';

/** The signed-in user, as the server knows them from the session cookie. */
export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['admin', 'user']),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** What Better Auth's GET /api/auth/get-session answers (the parts the shop reads): null when signed out. */
export const sessionSchema = z.object({ user: sessionUserSchema }).nullable();
export type Session = z.infer<typeof sessionSchema>;
