import type { MailMessage } from '#server/adapters/mail/mailer.ts';

interface Recipient {
  name: string;
  email: string;
}

function mail(
  to: Recipient,
  subject: string,
  intro: string,
  action: string,
  link: string,
  outro: string,
): MailMessage {
  const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  return {
    to: to.email,
    subject,
    text: `Hello ${to.name},\n\n${intro}\n\n${action}: ${link}\n\n${outro}\n\nForgeline Tools & Parts`,
    html: `<p>Hello ${escape(to.name)},</p><p>${escape(intro)}</p><p><a href="${escape(link)}">${escape(action)}</a></p><p>${escape(outro)}</p><p>Forgeline Tools &amp; Parts</p>`,
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
