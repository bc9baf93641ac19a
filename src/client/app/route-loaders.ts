import type { QueryKey } from '@tanstack/react-query';
import { undeliverableMailQueryOptions } from '#client/features/mail/api/get-undeliverable-mail.ts';
import { myOrdersQueryOptions } from '#client/features/orders/api/get-my-orders.ts';
import { ordersPageQueryOptions, readOrdersPageQuery } from '#client/features/orders/api/get-orders-page.ts';
import { paymentSummaryQueryOptions } from '#client/features/payments/api/get-payment-summary.ts';
import { toolQueryOptions } from '#client/features/tools/api/get-tool.ts';
import { cataloguePageQueryOptions } from '#client/features/tools/api/get-catalogue-page.ts';
import { adminCheckQueryOptions } from '#client/features/users/api/check-admin.ts';
import { userQueryOptions } from '#client/features/users/api/get-user.ts';
import { usersPageQueryOptions } from '#client/features/users/api/get-users-page.ts';
import { readSearchAndPage } from '#client/lib/list-params.ts';
import { sessionQueryOptions } from '#client/lib/session.ts';
import type { LoaderArgs } from './lazy-screen.tsx';
import { ensureData, prefetch, type Options } from './query-prefetch.ts';

// The loaders of the signed-in screens: each puts the data its screen reads on arrival into the cache
// (./query-prefetch.ts).

type Loader = (args: LoaderArgs) => Promise<null>;
type Params = LoaderArgs['params'];

/** A signed-in user's screen; a signed-out visitor is sent to /signin by the guard instead. */
function forSignedIn<T, K extends QueryKey>(
  options: (email: string, params: Params) => Options<T, K>,
): Loader {
  return async ({ params }) => {
    const email = (await ensureData(sessionQueryOptions))?.email;
    return email ? prefetch(options(email, params)) : null;
  };
}

/**
 * An administrator's screen; anyone else is signed out by the admin guard, and nothing is asked for them.
 * `search` is the address's query (a table's search and page).
 */
function forAdmin<T, K extends QueryKey>(
  options: (params: Params, search: URLSearchParams) => Options<T, K>,
): Loader {
  return async ({ params, search }) => {
    const email = (await ensureData(sessionQueryOptions))?.email;
    const isAdmin = email ? (await ensureData(adminCheckQueryOptions(email)))?.admin : false;
    return isAdmin ? prefetch(options(params, search)) : null;
  };
}

export const toolLoader: Loader = ({ params }) => prefetch(toolQueryOptions(params.id ?? ''));

export const dashboardLoader = forSignedIn((email) => adminCheckQueryOptions(email));
export const profileLoader = forSignedIn((email) => userQueryOptions(email));
export const myOrdersLoader = forSignedIn((email) => myOrdersQueryOptions(email));
export const paymentLoader = forSignedIn((_, params) => paymentSummaryQueryOptions(params.id ?? ''));

// The tables' loaders ask for the page that the address names, as their screens read it.
export const usersLoader = forAdmin((_, search) => usersPageQueryOptions(readSearchAndPage(search)));
export const allOrdersLoader = forAdmin((_, search) => ordersPageQueryOptions(readOrdersPageQuery(search)));
export const manageToolsLoader = forAdmin((_, search) =>
  cataloguePageQueryOptions(readSearchAndPage(search)),
);
export const updateToolLoader = forAdmin((params) => toolQueryOptions(params.id ?? ''));
export const mailLoader = forAdmin(() => undeliverableMailQueryOptions);
