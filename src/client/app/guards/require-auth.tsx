import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingImage } from '#client/components/ui/loading-image.tsx';
import { useSession } from '#client/lib/session.ts';
import { texts } from '#client/lib/texts.ts';

/** Signed-in users only: the loading image while the session loads, else to /signin remembering the page. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <LoadingImage label={texts.checkingSession} />;
  if (!session.data) return <Navigate to="/signin" replace state={{ from: location }} />;
  return <Outlet />;
}
