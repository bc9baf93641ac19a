import { z } from 'zod';
import { emailSchema, passwordSchema } from './auth.ts';
import { UPLOAD_URL_PATTERN } from './uploads.ts';

// The account endpoints' requests (Better Auth's own routes), as the server checks them.

/** A display name as the account keeps it (sign-up joins first and last name). */
export const displayNameSchema = z
  .string({ message: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(100, { message: 'Name is too long', abort: true });

/** A profile picture set through the account endpoints: none, or an upload of ours. */
const accountImageSchema = z
  .string({ message: 'The image must be an upload of ours' })
  .max(200, { message: 'The image must be an upload of ours', abort: true })
  .refine((value) => value === '' || UPLOAD_URL_PATTERN.test(value), 'The image must be an upload of ours')
  .nullable()
  .optional();

/** What the server accepts on sign-up: the display name is first and last name joined. */
export const signUpRequestSchema = z.object({
  name: displayNameSchema,
  email: emailSchema,
  password: passwordSchema,
  image: accountImageSchema,
});

/** Better Auth's own profile change: the same limits as PUT /api/user/{email}. */
export const updateUserRequestSchema = z.object({
  name: displayNameSchema.optional(),
  image: accountImageSchema,
});
