import type { QueryKey } from '@tanstack/react-query';
import type { LoaderFunctionArgs, Params } from 'react-router';
import { undeliverableMailQueryOptions } from '#client/features/mail/api/get-undeliverable-mail.ts';
import { allOrdersQueryOptions } from '#client/features/orders/api/get-all-orders.ts';
import { myOrdersQueryOptions } from '#client/features/orders/api/get-my-orders.ts';
import { paymentSummaryQueryOptions } from '#client/features/payments/api/get-payment-summary.ts';
import { toolQueryOptions } from '#client/features/tools/api/get-tool.ts';
import { toolsQueryOptions } from '#client/features/tools/api/get-tools.ts';
import { adminCheckQueryOptions } from '#client/features/users/api/check-admin.ts';
import { userQueryOptions } from '#client/features/users/api/get-user.ts';
import { usersQueryOptions } from '#client/features/users/api/list-users.ts';
import { sessionQueryOptions } from '#client/lib/session.ts';
import { ensureData, prefetch, type Options } from './query-prefetch.ts';

// The loaders of the signed-in screens: each puts the data its screen reads on arrival into the cache
// (./query-prefetch.ts).

type Loader = (args: LoaderFunctionArgs) => Promise<null>;

/** A signed-in user's screen; a signed-out visitor is sent to /signin by the guard instead. */
function forSignedIn<T, K extends QueryKey>(
  options: (email: string, params: Params) => Options<T, K>,
): Loader {
  return async ({ params }) => {
    const email = (await ensureData(sessionQueryOptions))?.email;
    return email ? prefetch(options(email, params)) : null;
  };
}

/** An administrator's screen; anyone else is signed out by the admin guard, and nothing is asked for them. */
function forAdmin<T, K extends QueryKey>(options: (params: Params) => Options<T, K>): Loader {
  return async ({ params }) => {
    const email = (await ensureData(sessionQueryOptions))?.email;
    const isAdmin = email ? (await ensureData(adminCheckQueryOptions(email)))?.admin : false;
    return isAdmin ? prefetch(options(params)) : null;
  };
}

export const toolLoader: Loader = ({ params }) => prefetch(toolQueryOptions(params.id ?? ''));

export const dashboardLoader = forSignedIn((email) => adminCheckQueryOptions(email));
export const profileLoader = forSignedIn((email) => userQueryOptions(email));
export const myOrdersLoader = forSignedIn((email) => myOrdersQueryOptions(email));
export const paymentLoader = forSignedIn((_, params) => paymentSummaryQueryOptions(params.id ?? ''));

export const usersLoader = forAdmin(() => usersQueryOptions);
export const allOrdersLoader = forAdmin(() => allOrdersQueryOptions);
export const manageToolsLoader = forAdmin(() => toolsQueryOptions());
export const updateToolLoader = forAdmin((params) => toolQueryOptions(params.id ?? ''));
export const mailLoader = forAdmin(() => undeliverableMailQueryOptions);
