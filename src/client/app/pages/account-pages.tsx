import { RedirectSignedIn, useOriginPath } from '#client/app/guards/redirect-signed-in.tsx';
import { ResetPasswordPage } from '#client/features/auth/components/reset-password-page.tsx';
import { SignInPage } from '#client/features/auth/components/signin-page.tsx';
import { SignUpPage } from '#client/features/auth/components/signup-page.tsx';
import { VerifyEmailPage } from '#client/features/auth/components/verify-email-page.tsx';

/** The account screens, in one lazily loaded chunk with the auth client they share. */
export function SignIn() {
  const origin = useOriginPath();
  return (
    <RedirectSignedIn>
      <SignInPage originPath={origin} />
    </RedirectSignedIn>
  );
}

export function SignUp() {
  const origin = useOriginPath();
  return (
    <RedirectSignedIn>
      <SignUpPage originPath={origin} />
    </RedirectSignedIn>
  );
}

export { ResetPasswordPage as ResetPassword, VerifyEmailPage as VerifyEmail };
