import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { ApiRequestError } from '#client/lib/api-client.ts';
import { signOut, useSession } from '#client/lib/session.ts';
import { useUser } from '#client/features/users/api/get-user.ts';

/** The signed-in user's profile; a 401 or 403 while loading it signs out and goes to /signin (spec 6). */
export function useProfile() {
  const email = useSession().data?.email ?? '';
  const query = useUser(email);
  const [, navigate] = useLocation();
  const refused = query.error instanceof ApiRequestError && [401, 403].includes(query.error.statusCode);

  useEffect(() => {
    if (refused) void signOut().finally(() => navigate('/signin', { replace: true }));
  }, [refused, navigate]);

  return query;
}
