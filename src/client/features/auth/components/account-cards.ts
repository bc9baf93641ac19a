/** What each account screen's card says: the screen's own, and its placeholder's while its code loads. */
export const ACCOUNT_CARDS = {
  signIn: {
    title: 'Sign In',
    description: 'Sign in to order tools in bulk, pay and follow your deliveries.',
  },
  signUp: { title: 'Sign Up', description: 'Create a Forgeline account to order tools and parts in bulk.' },
  resetPassword: {
    title: 'Reset Password',
    description: 'Choose a new password for your Forgeline account.',
  },
  verifyEmail: {
    title: 'Confirm your e-mail',
    description: 'Confirm the e-mail address of your Forgeline account.',
  },
} as const;

export type AccountCard = (typeof ACCOUNT_CARDS)[keyof typeof ACCOUNT_CARDS];
