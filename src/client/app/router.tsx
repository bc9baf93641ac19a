import { createBrowserRouter, type RouteObject } from 'react-router';
import { ToolDetailPage } from '../features/tools/components/tool-detail-page.tsx';
import { ToolsPage } from '../features/tools/components/tools-page.tsx';
import { SiteLayout } from './layouts/site-layout.tsx';
import { HomePage } from './pages/home-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { PlaceholderPage } from './pages/placeholder-page.tsx';

function placeholder(path: string, title: string): RouteObject {
  return { path, element: <PlaceholderPage title={title} /> };
}

const dashboardChildren: RouteObject[] = [
  { index: true, element: <PlaceholderPage title="Welcome to your dashboard" /> },
  placeholder('review', 'Add Review'),
  placeholder('profile', 'My Profile'),
  placeholder('myorder', 'My Order'),
  placeholder('payment/:id', 'Payment'),
  placeholder('my-profile/edit-profile/:id', 'Edit Profile'),
  placeholder('user', 'All User'),
  placeholder('manageOrder', 'Manage Order'),
  placeholder('add', 'Add Products'),
  placeholder('updateTool/:id', 'Update Tool'),
  placeholder('manageTools', 'Manage Tools'),
];

export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: [
      { index: true, element: <HomePage /> },
      placeholder('signin', 'Sign In'),
      placeholder('signup', 'Sign Up'),
      placeholder('contact', 'Contact'),
      placeholder('blog', 'Blog'),
      { path: 'parts', element: <ToolsPage /> },
      { path: 'parts/:id', element: <ToolDetailPage /> },
      placeholder('my-portfolio', 'Portfolio'),
      {
        path: 'dashboard',
        lazy: async () => ({ Component: (await import('./layouts/dashboard-layout.tsx')).DashboardLayout }),
        children: dashboardChildren,
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
