/**
 * The browser's own texts that several screens show. The spec's texts, which the server shares, are in
 * #shared/messages.ts; a text that one component alone shows stays in that component.
 */
export const texts = {
  checkingSession: 'Checking your session',
  loadingProfile: 'Loading your profile',
  loadingTool: 'Loading the tool',
  loadingReviews: 'Loading reviews',
  passwordHint: 'At least 8 letters and digits, with both.',
  noConnection: 'We could not reach the shop: check your connection and try again',
} as const;
