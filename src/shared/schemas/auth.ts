import { z } from 'zod';
import { messages } from '#shared/messages.ts';

/** At least eight letters and digits only, with at least one letter and one digit (spec section 5). */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{8,}$/;
/**
 * The spec's "basic address pattern" (`^[^\s@]+@[^\s@]+\.[^\s@]+$`), written so that it runs in linear time:
 * the domain's first character, then no dot until the first one that has something after it. The spec's own
 * form backtracks quadratically on a domain of dots.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;
export const MAX_PASSWORD_LENGTH = 128;

// Every length limit aborts: zod would otherwise go on to run a pattern over a megabyte of text.

export const passwordSchema = z
  .string({ message: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .max(MAX_PASSWORD_LENGTH, { message: `At most ${MAX_PASSWORD_LENGTH} characters`, abort: true })
  .regex(PASSWORD_PATTERN, messages.passwordRule);

export const emailSchema = z
  .string({ message: messages.emailRequired })
  .max(1000, { message: messages.emailInvalid, abort: true })
  .trim()
  .min(1, messages.emailRequired)
  .max(254, { message: messages.emailInvalid, abort: true })
  .regex(EMAIL_PATTERN, messages.emailInvalid);

/** The sign-up form (spec: firstname, lastname, email, password, confirmPassword, and the terms). */
export const signUpFormSchema = z.object({
  firstname: z
    .string()
    .trim()
    .min(1, messages.firstNameRequired)
    .min(3, messages.minThree)
    .max(50, { abort: true }),
  lastname: z
    .string()
    .trim()
    .min(1, messages.lastNameRequired)
    .min(3, messages.minThree)
    .max(50, { abort: true }),
  email: emailSchema,
  password: passwordSchema,
  confirmPassword: z
    .string()
    .min(1, messages.confirmPasswordRequired)
    .max(MAX_PASSWORD_LENGTH, { abort: true })
    .regex(PASSWORD_PATTERN, messages.passwordRule),
  terms: z.literal(true, { message: 'Please accept the terms and conditions' }),
});
export type SignUpForm = z.infer<typeof signUpFormSchema>;

export const resetPasswordFormSchema = z.object({ newPassword: passwordSchema });

/** The sign-in form: the browser requires both fields (spec section 5); the same rule in the sign-up's words. */
export const signInFormSchema = z.object({
  email: z.string().trim().min(1, messages.emailRequired),
  password: z.string().min(1, messages.passwordRequired),
});
export type SignInForm = z.infer<typeof signInFormSchema>;

/** The display name on sign-up: first and last name joined without a separator, as the spec says. */
export function displayName(firstname: string, lastname: string): string {
  return `${firstname.trim()}${lastname.trim()}`;
}

/** The social sign-in providers the shop can offer. */
export const socialProviderSchema = z.enum(['google', 'github']);
export type SocialProvider = z.infer<typeof socialProviderSchema>;

/** Which of them this server is configured for: the sign-in screens show a button for each, and no other. */
export const socialProvidersSchema = z.object({ providers: z.array(socialProviderSchema) });
