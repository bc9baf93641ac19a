import type { MailMessage } from '#server/adapters/mail/mailer.ts';

interface Recipient {
  name: string;
  email: string;
  emailVerified: boolean;
}

/**
 * Anyone may have these mails sent to any address, and an account's name is whatever its sign-up typed: it is
 * written into them only once the address's owner has confirmed the account, or the shop would carry a
 * stranger's words ("Win $5,000 at …") to any inbox.
 */
function mail(
  to: Recipient,
  subject: string,
  intro: string,
  action: string,
  link: string,
  outro: string,
): MailMessage {
  const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  const greeting = to.emailVerified ? `Hello ${to.name},` : 'Hello,';
  return {
    to: to.email,
    subject,
    text: `${greeting}\n\n${intro}\n\n${action}: ${link}\n\n${outro}\n\nForgeline Tools & Parts`,
    html: `<p>${escape(greeting)}</p><p>${escape(intro)}</p><p><a href="${escape(link)}">${escape(action)}</a></p><p>${escape(outro)}</p><p>Forgeline Tools &amp; Parts</p>`,
  };
}

export function verificationMail(baseUrl: string, user: Recipient, token: string): MailMessage {
  return mail(
    user,
    'Confirm your e-mail address',
    'Thanks for creating an account with Forgeline Tools & Parts. Please confirm that this is your e-mail address.',
    'Confirm my e-mail address',
    `${baseUrl}/verify-email?token=${encodeURIComponent(token)}`,
    'The link is valid for 24 hours. If you did not create an account, you can ignore this message.',
  );
}

export function resetPasswordMail(baseUrl: string, user: Recipient, token: string): MailMessage {
  return mail(
    user,
    'Reset your password',
    'We received a request to reset the password of your Forgeline account.',
    'Choose a new password',
    `${baseUrl}/reset-password?token=${encodeURIComponent(token)}`,
    'The link is valid for one hour and works once. If you did not ask for this, you can ignore this message.',
  );
}
