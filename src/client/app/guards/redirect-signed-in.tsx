import type { ReactNode } from 'react';
import { Navigate, useLocation, type Location } from 'react-router';
import { LoadingImage } from '#client/components/ui/loading-image.tsx';
import { useSession } from '#client/lib/session.ts';
import { texts } from '#client/lib/texts.ts';

/** The page the user came from (set by RequireAuth), else the home page. */
export function useOriginPath(): string {
  const from = (useLocation().state as { from?: Location } | null)?.from;
  return from ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : '/';
}

/** The sign-in and sign-up screens send a signed-in user back where they came from. */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const session = useSession();
  const origin = useOriginPath();
  if (session.isPending) return <LoadingImage label={texts.checkingSession} />;
  if (session.data) return <Navigate to={origin} replace />;
  return children;
}
