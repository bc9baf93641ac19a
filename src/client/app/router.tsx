import { Suspense, type ReactNode } from 'react';
import { matchRoute, Route, useLocation, useRouter, type Parser } from 'wouter';
import { PageSpinner } from '#client/components/ui/spinner.tsx';
import { authProvidersQueryOptions } from '#client/features/auth/api/get-auth-providers.ts';
import { ACCOUNT_CARDS, type AccountCard } from '#client/features/auth/components/account-cards.ts';
import { AccountScreenCard } from '#client/features/auth/components/auth-card.tsx';
import { BlogFrame } from '#client/features/blog/components/blog-frame.tsx';
import { cataloguePageQueryOptions } from '#client/features/tools/api/get-catalogue-page.ts';
import { readCatalogueQuery } from '#client/features/tools/components/catalogue-query.ts';
import { RequireAuth } from './guards/require-auth.tsx';
import { lazyScreen, type Loader, type LoaderArgs, type ScreenCode } from './lazy-screen.tsx';
import { HomePage } from './pages/home-page.tsx';
import { prefetch } from './query-prefetch.ts';
import type * as routeLoaders from './route-loaders.ts';

type LoaderName = keyof typeof routeLoaders;

// Account, dashboard, admin, blog and portfolio screens are separate chunks, loaded when their route is visited.
// While a screen's code (and the data its loader asks for at the same time) is on its way, the spinner holds
// its place.

/** One arrival per address path: a new search or page of the same screen is the screen's own to load. */
const byPath = (path: string) => () => path;

const signedInLoader =
  (name: LoaderName): Loader =>
  async (args) =>
    (await import('./route-loaders.ts'))[name](args);

type Guard = 'auth' | 'admin';

interface AppRoute {
  path: string;
  screen: ((props: { children?: ReactNode }) => ReactNode) & {
    arrive?: (params: LoaderArgs['params'], search: string) => Promise<void>;
  };
  guard?: Guard;
  /** In the dashboard's frame (its menu), which stays while the screens inside it load. */
  inDashboard?: boolean;
  /**
   * What shows at once around the screen (an account screen's card, the blog's title), with a place of its own
   * where the screen waits for its code.
   */
  frame?: (props: { children: ReactNode }) => ReactNode;
}

function screenAt(path: string, code: ScreenCode, loader?: Loader | LoaderName) {
  return lazyScreen(code, {
    loader: typeof loader === 'string' ? signedInLoader(loader) : loader,
    arrivalKey: (params) => `${path} ${JSON.stringify(params)}`,
  });
}

const DashboardFrame = lazyScreen(
  async () => (await import('./layouts/dashboard-layout.tsx')).DashboardLayout,
  { loader: signedInLoader('dashboardLoader'), arrivalKey: byPath('dashboard') },
);
const RequireAdmin = lazyScreen(async () => (await import('./guards/require-admin.tsx')).RequireAdmin, {
  arrivalKey: byPath('admin'),
});

/** Sign-in and sign-up show with their Google and GitHub buttons, or without, rather than adding them later. */
const withAuthProviders: Loader = () => prefetch(authProvidersQueryOptions);

/** The page of tools is asked for while the screen's code loads; the screen shows without waiting for it. */
const startCataloguePage: Loader = async ({ search }) => {
  void prefetch(cataloguePageQueryOptions(readCatalogueQuery(search)));
};

interface RouteOptions extends Pick<AppRoute, 'guard' | 'inDashboard' | 'frame'> {
  loader?: Loader | LoaderName;
}

const route = (path: string, code: ScreenCode, { loader, ...options }: RouteOptions = {}): AppRoute => ({
  path,
  screen: screenAt(path, code, loader),
  ...options,
});

/** An account screen, whose card shows while its code loads. */
const accountRoute = (path: string, code: ScreenCode, card: AccountCard, loader?: Loader) =>
  route(path, code, {
    loader,
    frame: ({ children }) => <AccountScreenCard card={card}>{children}</AccountScreenCard>,
  });

const dashboard = (path: string, code: ScreenCode, loader?: LoaderName, guard: Guard = 'auth') =>
  route(`/dashboard${path}`, code, { loader, guard, inDashboard: true });

const routes: AppRoute[] = [
  { path: '/', screen: HomePage },
  accountRoute(
    '/signin',
    async () => (await import('./pages/account-pages.tsx')).SignIn,
    ACCOUNT_CARDS.signIn,
    withAuthProviders,
  ),
  accountRoute(
    '/signup',
    async () => (await import('./pages/account-pages.tsx')).SignUp,
    ACCOUNT_CARDS.signUp,
    withAuthProviders,
  ),
  accountRoute(
    '/reset-password',
    async () => (await import('./pages/account-pages.tsx')).ResetPassword,
    ACCOUNT_CARDS.resetPassword,
  ),
  accountRoute(
    '/verify-email',
    async () => (await import('./pages/account-pages.tsx')).VerifyEmail,
    ACCOUNT_CARDS.verifyEmail,
  ),
  route(
    '/contact',
    async () => (await import('#client/features/contact/components/contact-page.tsx')).ContactPage,
  ),
  route('/blog', async () => (await import('#client/features/blog/components/blog-page.tsx')).BlogPage, {
    frame: BlogFrame,
  }),
  // Its own chunk keeps the search, sort, filters and pages out of the home page's download.
  route('/parts', async () => (await import('#client/features/tools/components/tools-page.tsx')).ToolsPage, {
    loader: startCataloguePage,
  }),
  route('/parts/:id', async () => (await import('./pages/tool-purchase-page.tsx')).ToolPurchasePage, {
    loader: 'toolLoader',
    guard: 'auth',
  }),
  route(
    '/my-portfolio',
    async () => (await import('#client/features/portfolio/components/portfolio-page.tsx')).PortfolioPage,
  ),
  dashboard('', async () => (await import('./layouts/dashboard-layout.tsx')).DashboardHome),
  dashboard(
    '/review',
    async () => (await import('#client/features/reviews/components/add-review-page.tsx')).AddReviewPage,
  ),
  dashboard(
    '/profile',
    async () => (await import('#client/features/users/components/profile-page.tsx')).ProfilePage,
    'profileLoader',
  ),
  dashboard(
    '/myorder',
    async () => (await import('#client/features/orders/components/my-orders-page.tsx')).MyOrdersPage,
    'myOrdersLoader',
  ),
  dashboard(
    '/payment/:id',
    async () => (await import('#client/features/payments/components/payment-page.tsx')).PaymentPage,
    'paymentLoader',
  ),
  dashboard(
    '/my-profile/edit-profile/:id',
    async () => (await import('#client/features/users/components/edit-profile-page.tsx')).EditProfilePage,
    'profileLoader',
  ),
  dashboard(
    '/user',
    async () => (await import('#client/features/users/components/all-users-page.tsx')).AllUsersPage,
    'usersLoader',
    'admin',
  ),
  dashboard(
    '/manageOrder',
    async () => (await import('#client/features/orders/components/manage-orders-page.tsx')).ManageOrdersPage,
    'allOrdersLoader',
    'admin',
  ),
  dashboard(
    '/add',
    async () => (await import('#client/features/tools/components/admin/add-tool-page.tsx')).AddToolPage,
    undefined,
    'admin',
  ),
  dashboard(
    '/updateTool/:id',
    async () => (await import('#client/features/tools/components/admin/update-tool-page.tsx')).UpdateToolPage,
    'updateToolLoader',
    'admin',
  ),
  dashboard(
    '/inbox',
    async () => (await import('#client/features/contact/components/contact-inbox-page.tsx')).ContactInboxPage,
    undefined,
    'admin',
  ),
  dashboard(
    '/reviews',
    async () =>
      (await import('#client/features/reviews/components/manage-reviews-page.tsx')).ManageReviewsPage,
    undefined,
    'admin',
  ),
  dashboard(
    '/mail',
    async () =>
      (await import('#client/features/mail/components/undeliverable-mail-page.tsx')).UndeliverableMailPage,
    'mailLoader',
    'admin',
  ),
  dashboard(
    '/manageTools',
    async () =>
      (await import('#client/features/tools/components/admin/manage-tools-page.tsx')).ManageToolsPage,
    'manageToolsLoader',
    'admin',
  ),
];

const NotFound = screenAt('*', async () => (await import('./pages/not-found-page.tsx')).NotFoundPage);

/**
 * The screen at `route`, inside what it needs: the sign-in guard, then the dashboard's frame (with a place of
 * its own to wait in), then the administrators' guard. The same wrappers stay mounted from one dashboard
 * screen to the next, so the frame and its menu do not load again.
 */
function render({ screen: Screen, guard, inDashboard, frame: Frame }: AppRoute) {
  let element = Frame ? (
    <Frame>
      <Screen />
    </Frame>
  ) : (
    <Screen />
  );
  if (guard === 'admin') element = <RequireAdmin>{element}</RequireAdmin>;
  if (inDashboard)
    element = (
      <DashboardFrame>
        <Suspense fallback={<PageSpinner />}>{element}</Suspense>
      </DashboardFrame>
    );
  return guard ? <RequireAuth>{element}</RequireAuth> : element;
}

const routeAt = (parser: Parser, path: string) => {
  for (const candidate of routes) {
    const [matched, params] = matchRoute(parser, candidate.path, path, false);
    if (matched) return { found: candidate, params: params ?? {} };
  }
  return undefined;
};

/**
 * Resolves once the public screen at `path` has its code and data in, so that the first render shows it
 * rather than a spinner: for a page already painted from the HTML written at build time (main.tsx).
 */
export async function publicScreenReady(parser: Parser, path: string, search: string): Promise<void> {
  const at = routeAt(parser, path);
  if (at && !at.found.guard) await at.found.screen.arrive?.(at.params, search);
}

/** The screen for the address: the first route whose path matches it, else the not-found page. */
export function AppRoutes() {
  const [path] = useLocation();
  const { parser } = useRouter();
  const found = routeAt(parser, path)?.found;
  if (!found) return <NotFound />;
  return <Route path={found.path}>{render(found)}</Route>;
}
