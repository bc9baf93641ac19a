import { z } from 'zod';
import { messages } from '#shared/messages.ts';
import { emailSchema, passwordSchema } from './auth.ts';
import { oneLineName, UPLOAD_URL_PATTERN } from './common.ts';

// The account endpoints' requests (Better Auth's own routes), as the server checks them.

/** A display name as the account keeps it (sign-up joins first and last name). */
export const displayNameSchema = oneLineName(
  z
    .string({ message: messages.personNameRequired })
    .trim()
    .min(1, messages.personNameRequired)
    .max(100, { message: 'Name is too long', abort: true }),
);

/** A profile picture set through the account endpoints: none, or an upload of ours. */
const accountImageSchema = z
  .string({ message: messages.imageNotOurs })
  .max(200, { message: messages.imageNotOurs, abort: true })
  .refine((value) => value === '' || UPLOAD_URL_PATTERN.test(value), messages.imageNotOurs)
  .nullable()
  .optional();

export const CALLBACK_URL_MESSAGE = 'The callback URL must be a URL';

/**
 * Where Better Auth sends someone after following a mail's link or signing in: printable ASCII, as a URL is
 * once encoded. Better Auth writes it into a Location header and encodes it into mail links, which throw (a
 * 500) on a lone surrogate or a character above U+00FF; whose site it may name, Better Auth checks itself.
 */
export const callbackUrlSchema = z
  .string({ message: CALLBACK_URL_MESSAGE })
  .max(2000, { message: CALLBACK_URL_MESSAGE, abort: true })
  .regex(/^[\x21-\x7e]*$/, CALLBACK_URL_MESSAGE);

/** What the server accepts on sign-up: the display name is first and last name joined. */
export const signUpRequestSchema = z.object({
  name: displayNameSchema,
  email: emailSchema,
  password: passwordSchema,
  image: accountImageSchema,
  callbackURL: callbackUrlSchema.optional(),
});

/** Better Auth's own profile change: the same limits as PUT /api/user/{email}. */
export const updateUserRequestSchema = z.object({
  name: displayNameSchema.optional(),
  image: accountImageSchema,
});
