import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { LoadingImage } from '#client/components/ui/loading-image.tsx';
import { useSession } from '#client/lib/session.ts';
import { texts } from '#client/lib/texts.ts';
import type { OriginState } from './require-auth.tsx';

/** The page the user came from (set by RequireAuth), else the home page. */
export function useOriginPath(): string {
  return useHistoryState<OriginState | null>()?.from ?? '/';
}

/** The sign-in and sign-up screens send a signed-in user back where they came from. */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const session = useSession();
  const origin = useOriginPath();
  if (session.isPending) return <LoadingImage label={texts.checkingSession} />;
  if (session.data) return <Redirect to={origin} replace />;
  return children;
}
