import { z } from 'zod';
import { messages } from '../messages.ts';

/** At least eight letters and digits only, with at least one letter and one digit (spec section 5). */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{8,}$/;
/** The spec's "basic address pattern". */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const passwordSchema = z
  .string({ message: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .regex(PASSWORD_PATTERN, messages.passwordRule);

export const emailSchema = z
  .string({ message: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .max(254, messages.emailInvalid)
  .regex(EMAIL_PATTERN, messages.emailInvalid);

/** The sign-up form (spec: firstname, lastname, email, password, confirmPassword, and the terms). */
export const signUpFormSchema = z.object({
  firstname: z.string().trim().min(1, messages.firstNameRequired).min(3, messages.minThree).max(50),
  lastname: z.string().trim().min(1, messages.lastNameRequired).min(3, messages.minThree).max(50),
  email: emailSchema,
  password: passwordSchema,
  confirmPassword: z
    .string()
    .min(1, messages.confirmPasswordRequired)
    .regex(PASSWORD_PATTERN, messages.passwordRule),
  terms: z.literal(true, { message: 'Please accept the terms and conditions' }),
});
export type SignUpForm = z.infer<typeof signUpFormSchema>;

/** What the server accepts on sign-up: the display name is first and last name joined. */
export const signUpRequestSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name is too long'),
  email: emailSchema,
  password: passwordSchema,
});

export const resetPasswordFormSchema = z.object({ newPassword: passwordSchema });

/** The display name on sign-up: first and last name joined without a separator, as the spec says. */
export function displayName(firstname: string, lastname: string): string {
  return `${firstname.trim()}${lastname.trim()}`;
}
