import { z } from 'zod';
import { messages } from '#shared/messages.ts';
import { oneLineName, pageInfoSchema, pagingQuery, searchQuery, UPLOAD_URL_PATTERN } from './common.ts';

export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  img: z.string().nullable(),
  role: z.enum(['admin', 'user']),
  number: z.string().nullable(),
  address: z.string().nullable(),
  institute: z.string().nullable(),
  emailVerified: z.boolean(),
  /** Blocked by an administrator: the account cannot sign in. */
  blocked: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** What a blocked account is told as it tries to sign in. */
export const ACCOUNT_BLOCKED_MESSAGE = 'This account is blocked. Please contact the shop.';

/** Blocks (true) or unblocks (false) an account. */
export const blockRequestSchema = z.strictObject({ blocked: z.boolean() });

export const emailParamsSchema = z.object({ email: z.string().min(1).max(254) });

const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters`).optional();

/** Profile edit: every field optional; an empty one keeps what the profile had (spec section 5). */
export const profileUpdateSchema = z.object({
  name: oneLineName(z.string().trim().max(100, 'At most 100 characters')).optional(),
  number: optionalText(40),
  address: optionalText(300),
  institute: optionalText(200),
  img: z
    .string()
    .trim()
    .refine((value) => value === '' || UPLOAD_URL_PATTERN.test(value), messages.imageNotOurs)
    .optional(),
  email: z.string().optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const adminCheckSchema = z.object({ admin: z.boolean() });

/** GET /api/admin/users: every account, a page at a time, searched by name or e-mail. */
export const adminUsersQuerySchema = z.object({ q: searchQuery, ...pagingQuery(20) });
export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;

export const usersPageSchema = pageInfoSchema.extend({ users: z.array(userSchema) });
export type UsersPage = z.infer<typeof usersPageSchema>;
