import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { LoadingImage } from '#client/components/ui/loading-image.tsx';
import { useSession } from '#client/lib/session.ts';
import { texts } from '#client/lib/texts.ts';

/** What RequireAuth remembers for the sign-in screen: the address the visitor asked for. */
export interface OriginState {
  from?: string;
}

/** Signed-in users only: the loading image while the session loads, else to /signin remembering the page. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const [path] = useLocation();
  const search = useSearch();
  if (session.isPending) return <LoadingImage label={texts.checkingSession} />;
  if (!session.data) {
    const origin: OriginState = { from: search ? `${path}?${search}` : path };
    return <Redirect to="/signin" replace state={origin} />;
  }
  return children;
}
