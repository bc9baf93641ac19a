import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  type RouteObject,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { PageSpinner } from '#client/components/ui/spinner.tsx';
import { authProvidersQueryOptions } from '#client/features/auth/api/get-auth-providers.ts';
import { cataloguePageQueryOptions } from '#client/features/tools/api/get-catalogue-page.ts';
import { readCatalogueQuery } from '#client/features/tools/components/catalogue-query.ts';
import { RequireAuth } from './guards/require-auth.tsx';
import { SiteLayout } from './layouts/site-layout.tsx';
import { ErrorPage } from './pages/error-page.tsx';
import { HomePage } from './pages/home-page.tsx';
import { prefetch } from './query-prefetch.ts';
import type * as routeLoaders from './route-loaders.ts';

type Screen = () => Promise<ComponentType>;
type LoaderName = keyof typeof routeLoaders;

// Account, dashboard, admin, blog and portfolio screens are separate chunks, loaded when their route is visited.
// On the first page load the spinner holds the screen's place until its code (and data) are in.
const lazyScreen = (Component: Screen) => ({
  HydrateFallback: PageSpinner,
  lazy: async () => ({ Component: await Component() }),
});

/**
 * A screen with a loader (./route-loaders.ts): both are fetched side by side, so the screen's data is asked
 * for while its code loads. Screens without one keep lazy()'s function form, because in the object form
 * React Router (7.18) does not report a failed download of the screen's code to the error page.
 */
const lazyScreenWithData = (loader: LoaderName, Component: Screen) => ({
  HydrateFallback: PageSpinner,
  lazy: { loader: async () => (await import('./route-loaders.ts'))[loader], Component },
  shouldRevalidate: sameScreenNewQuery,
});

/**
 * A loader fills the cache for its screen's arrival. A new search or page of the same screen (`?q=`, `?page=`)
 * is the screen's own to load, showing the rows it has meanwhile, rather than the address waiting for them.
 */
function sameScreenNewQuery({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search
    ? false
    : defaultShouldRevalidate;
}

/**
 * Sign-in and sign-up show with their Google and GitHub buttons, or without, rather than adding them later:
 * the server's configuration is asked for as the route starts, while the screen's code loads.
 */
const accountScreen = (Component: Screen) => ({
  HydrateFallback: PageSpinner,
  loader: () => prefetch(authProvidersQueryOptions),
  lazy: { Component },
});

const dashboardRoutes: RouteObject = {
  path: 'dashboard',
  element: <RequireAuth />,
  children: [
    {
      ...lazyScreenWithData(
        'dashboardLoader',
        async () => (await import('./layouts/dashboard-layout.tsx')).DashboardLayout,
      ),
      children: [
        {
          index: true,
          ...lazyScreen(async () => (await import('./layouts/dashboard-layout.tsx')).DashboardHome),
        },
        {
          path: 'review',
          ...lazyScreen(
            async () =>
              (await import('#client/features/reviews/components/add-review-page.tsx')).AddReviewPage,
          ),
        },
        {
          path: 'profile',
          ...lazyScreenWithData(
            'profileLoader',
            async () => (await import('#client/features/users/components/profile-page.tsx')).ProfilePage,
          ),
        },
        {
          path: 'myorder',
          ...lazyScreenWithData(
            'myOrdersLoader',
            async () => (await import('#client/features/orders/components/my-orders-page.tsx')).MyOrdersPage,
          ),
        },
        {
          path: 'payment/:id',
          ...lazyScreenWithData(
            'paymentLoader',
            async () => (await import('#client/features/payments/components/payment-page.tsx')).PaymentPage,
          ),
        },
        {
          path: 'my-profile/edit-profile/:id',
          ...lazyScreenWithData(
            'profileLoader',
            async () =>
              (await import('#client/features/users/components/edit-profile-page.tsx')).EditProfilePage,
          ),
        },
        {
          ...lazyScreen(async () => (await import('./guards/require-admin.tsx')).RequireAdmin),
          children: [
            {
              path: 'user',
              ...lazyScreenWithData(
                'usersLoader',
                async () =>
                  (await import('#client/features/users/components/all-users-page.tsx')).AllUsersPage,
              ),
            },
            {
              path: 'manageOrder',
              ...lazyScreenWithData(
                'allOrdersLoader',
                async () =>
                  (await import('#client/features/orders/components/manage-orders-page.tsx'))
                    .ManageOrdersPage,
              ),
            },
            {
              path: 'add',
              ...lazyScreen(
                async () =>
                  (await import('#client/features/tools/components/admin/add-tool-page.tsx')).AddToolPage,
              ),
            },
            {
              path: 'updateTool/:id',
              ...lazyScreenWithData(
                'updateToolLoader',
                async () =>
                  (await import('#client/features/tools/components/admin/update-tool-page.tsx'))
                    .UpdateToolPage,
              ),
            },
            {
              path: 'inbox',
              ...lazyScreen(
                async () =>
                  (await import('#client/features/contact/components/contact-inbox-page.tsx'))
                    .ContactInboxPage,
              ),
            },
            {
              path: 'mail',
              ...lazyScreenWithData(
                'mailLoader',
                async () =>
                  (await import('#client/features/mail/components/undeliverable-mail-page.tsx'))
                    .UndeliverableMailPage,
              ),
            },
            {
              path: 'manageTools',
              ...lazyScreenWithData(
                'manageToolsLoader',
                async () =>
                  (await import('#client/features/tools/components/admin/manage-tools-page.tsx'))
                    .ManageToolsPage,
              ),
            },
          ],
        },
      ],
    },
  ],
};

export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    errorElement: <ErrorPage />,
    children: [
      { index: true, element: <HomePage /> },
      {
        path: 'signin',
        ...accountScreen(async () => (await import('./pages/account-pages.tsx')).SignIn),
      },
      {
        path: 'signup',
        ...accountScreen(async () => (await import('./pages/account-pages.tsx')).SignUp),
      },
      {
        path: 'reset-password',
        ...lazyScreen(async () => (await import('./pages/account-pages.tsx')).ResetPassword),
      },
      {
        path: 'verify-email',
        ...lazyScreen(async () => (await import('./pages/account-pages.tsx')).VerifyEmail),
      },
      {
        path: 'contact',
        ...lazyScreen(
          async () => (await import('#client/features/contact/components/contact-page.tsx')).ContactPage,
        ),
      },
      {
        path: 'blog',
        ...lazyScreen(async () => (await import('#client/features/blog/components/blog-page.tsx')).BlogPage),
      },
      {
        path: 'parts',
        // The page of tools is asked for while the screen's code loads, and the screen shows without waiting
        // for it (with the loading image, then the tools). Its own chunk keeps the search, sort, filters and
        // pages out of the home page's download.
        loader: ({ request }: LoaderFunctionArgs) => {
          void prefetch(cataloguePageQueryOptions(readCatalogueQuery(new URL(request.url).searchParams)));
          return null;
        },
        ...lazyScreen(
          async () => (await import('#client/features/tools/components/tools-page.tsx')).ToolsPage,
        ),
      },
      {
        path: 'parts/:id',
        element: <RequireAuth />,
        children: [
          {
            index: true,
            ...lazyScreenWithData(
              'toolLoader',
              async () => (await import('./pages/tool-purchase-page.tsx')).ToolPurchasePage,
            ),
          },
        ],
      },
      {
        path: 'my-portfolio',
        ...lazyScreen(
          async () =>
            (await import('#client/features/portfolio/components/portfolio-page.tsx')).PortfolioPage,
        ),
      },
      dashboardRoutes,
      {
        path: '*',
        ...lazyScreen(async () => (await import('./pages/not-found-page.tsx')).NotFoundPage),
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
