import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ToolsPage } from '#client/features/tools/components/tools-page.tsx';
import { RequireAuth } from './guards/require-auth.tsx';
import { SiteLayout } from './layouts/site-layout.tsx';
import { ErrorPage } from './pages/error-page.tsx';
import { HomePage } from './pages/home-page.tsx';

// Account, dashboard, admin, blog and portfolio screens are separate chunks, loaded when their route is visited.
const lazyPage = (load: () => Promise<{ Component: ComponentType }>) => ({ lazy: load });

const dashboardRoutes: RouteObject = {
  path: 'dashboard',
  element: <RequireAuth />,
  children: [
    {
      ...lazyPage(async () => ({
        Component: (await import('./layouts/dashboard-layout.tsx')).DashboardLayout,
      })),
      children: [
        {
          index: true,
          ...lazyPage(async () => ({
            Component: (await import('./layouts/dashboard-layout.tsx')).DashboardHome,
          })),
        },
        {
          path: 'review',
          ...lazyPage(async () => ({
            Component: (await import('#client/features/reviews/components/add-review-page.tsx'))
              .AddReviewPage,
          })),
        },
        {
          path: 'profile',
          ...lazyPage(async () => ({
            Component: (await import('#client/features/users/components/profile-page.tsx')).ProfilePage,
          })),
        },
        {
          path: 'myorder',
          ...lazyPage(async () => ({
            Component: (await import('#client/features/orders/components/my-orders-page.tsx')).MyOrdersPage,
          })),
        },
        {
          path: 'payment/:id',
          ...lazyPage(async () => ({
            Component: (await import('#client/features/payments/components/payment-page.tsx')).PaymentPage,
          })),
        },
        {
          path: 'my-profile/edit-profile/:id',
          ...lazyPage(async () => ({
            Component: (await import('#client/features/users/components/edit-profile-page.tsx'))
              .EditProfilePage,
          })),
        },
        {
          ...lazyPage(async () => ({ Component: (await import('./guards/require-admin.tsx')).RequireAdmin })),
          children: [
            {
              path: 'user',
              ...lazyPage(async () => ({
                Component: (await import('#client/features/users/components/all-users-page.tsx'))
                  .AllUsersPage,
              })),
            },
            {
              path: 'manageOrder',
              ...lazyPage(async () => ({
                Component: (await import('#client/features/orders/components/manage-orders-page.tsx'))
                  .ManageOrdersPage,
              })),
            },
            {
              path: 'add',
              ...lazyPage(async () => ({
                Component: (await import('#client/features/tools/components/admin/add-tool-page.tsx'))
                  .AddToolPage,
              })),
            },
            {
              path: 'updateTool/:id',
              ...lazyPage(async () => ({
                Component: (await import('#client/features/tools/components/admin/update-tool-page.tsx'))
                  .UpdateToolPage,
              })),
            },
            {
              path: 'mail',
              ...lazyPage(async () => ({
                Component: (await import('#client/features/mail/components/undeliverable-mail-page.tsx'))
                  .UndeliverableMailPage,
              })),
            },
            {
              path: 'manageTools',
              ...lazyPage(async () => ({
                Component: (await import('#client/features/tools/components/admin/manage-tools-page.tsx'))
                  .ManageToolsPage,
              })),
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
        ...lazyPage(async () => ({ Component: (await import('./pages/account-pages.tsx')).SignIn })),
      },
      {
        path: 'signup',
        ...lazyPage(async () => ({ Component: (await import('./pages/account-pages.tsx')).SignUp })),
      },
      {
        path: 'reset-password',
        ...lazyPage(async () => ({ Component: (await import('./pages/account-pages.tsx')).ResetPassword })),
      },
      {
        path: 'verify-email',
        ...lazyPage(async () => ({ Component: (await import('./pages/account-pages.tsx')).VerifyEmail })),
      },
      {
        path: 'contact',
        ...lazyPage(async () => ({
          Component: (await import('#client/features/contact/components/contact-page.tsx')).ContactPage,
        })),
      },
      {
        path: 'blog',
        ...lazyPage(async () => ({
          Component: (await import('#client/features/blog/components/blog-page.tsx')).BlogPage,
        })),
      },
      { path: 'parts', element: <ToolsPage /> },
      {
        path: 'parts/:id',
        element: <RequireAuth />,
        children: [
          {
            index: true,
            ...lazyPage(async () => ({
              Component: (await import('./pages/tool-purchase-page.tsx')).ToolPurchasePage,
            })),
          },
        ],
      },
      {
        path: 'my-portfolio',
        ...lazyPage(async () => ({
          Component: (await import('#client/features/portfolio/components/portfolio-page.tsx')).PortfolioPage,
        })),
      },
      dashboardRoutes,
      {
        path: '*',
        ...lazyPage(async () => ({ Component: (await import('./pages/not-found-page.tsx')).NotFoundPage })),
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
