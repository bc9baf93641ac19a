import { lazy, Suspense, useState, type ReactNode } from 'react';
import './dashboard.css';
import { LoadingImage } from '#client/components/ui/loading-image.tsx';
import { PageMeta } from '#client/components/ui/page-meta.tsx';
import { Link, useLocation } from 'wouter';
import { useSession } from '#client/lib/session.ts';
import { useContactInbox } from '#client/features/contact/api/contact-inbox.ts';
import { useUndeliverableMail } from '#client/features/mail/api/get-undeliverable-mail.ts';
import { useAdminCheck } from '#client/features/users/api/check-admin.ts';

interface MenuEntry {
  to: string;
  label: string;
  /** Other pages that belong to this entry: the menu marks it there too. */
  also?: string[];
}

const adminMenu: MenuEntry[] = [
  { to: '/dashboard/user', label: 'All User' },
  { to: '/dashboard/manageOrder', label: 'Manage Order' },
  { to: '/dashboard/manageTools', label: 'Manage Tools', also: ['/dashboard/updateTool'] },
  { to: '/dashboard/add', label: 'Add Products' },
  { to: '/dashboard/mail', label: 'Undeliverable mail' },
  { to: '/dashboard/inbox', label: 'Contact inbox' },
  { to: '/dashboard/reviews', label: 'Reviews' },
];
const buyerMenu: MenuEntry[] = [
  { to: '/dashboard/myorder', label: 'My Order', also: ['/dashboard/payment'] },
  { to: '/dashboard/review', label: 'Add Review' },
];
const everyoneMenu: MenuEntry[] = [
  { to: '/dashboard/profile', label: 'My Profile', also: ['/dashboard/my-profile'] },
];

const within = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/** The entry of the page at `pathname`, if the menu has one. */
function entryAt(menu: MenuEntry[], pathname: string): MenuEntry | undefined {
  return menu.find((entry) => [entry.to, ...(entry.also ?? [])].some((path) => within(pathname, path)));
}

/** The dashboard's frame: a greeting, the side menu for the user's role, and the chosen screen. */
export function DashboardLayout({ children }: { children?: ReactNode }) {
  const user = useSession().data;
  const { isAdmin, isPending } = useAdminCheck();
  const undeliverable = useUndeliverableMail(isAdmin).data?.length ?? 0;
  const newMessages = useContactInbox(1, isAdmin).data?.unhandled ?? 0;
  const menu = isPending ? everyoneMenu : [...(isAdmin ? adminMenu : buyerMenu), ...everyoneMenu];
  const current = entryAt(menu, useLocation()[0]);
  const [open, setOpen] = useState(false);

  return (
    <div className="bg-base-200 flex-1">
      <header className="bg-base-100 border-base-300 border-b">
        <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
          <p className="text-accent text-sm font-semibold uppercase tracking-[0.2em]">Dashboard</p>
          <h1 className="text-2xl font-bold sm:text-3xl">Welcome, {user?.name}</h1>
        </div>
      </header>
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:px-6 lg:grid-cols-[220px_1fr]">
        <nav aria-label="Dashboard" className="bg-base-100 rounded-box border-base-300 h-fit border p-2">
          {/* On a phone the menu folds into one button that names the page, so the page starts at once. */}
          <button
            type="button"
            className="btn btn-ghost h-11 w-full justify-between lg:hidden"
            aria-expanded={open}
            aria-controls="dashboard-menu"
            onClick={() => setOpen(!open)}
          >
            <span>Menu{current && <span className="font-normal">: {current.label}</span>}</span>
            <span aria-hidden="true">{open ? '▲' : '▼'}</span>
          </button>
          <ul id="dashboard-menu" className={`menu w-full gap-1 ${open ? '' : 'max-lg:hidden'}`}>
            {menu.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  aria-current={item === current ? 'page' : undefined}
                  className={`min-h-11 ${item === current ? 'menu-active font-semibold' : ''}`}
                  onClick={() => setOpen(false)}
                >
                  {item.label}
                  {item.to === '/dashboard/mail' && undeliverable > 0 && (
                    <span className="badge badge-error badge-sm" aria-label={`${undeliverable} waiting`}>
                      {undeliverable}
                    </span>
                  )}
                  {item.to === '/dashboard/inbox' && newMessages > 0 && (
                    <span className="badge badge-primary badge-sm" aria-label={`${newMessages} new`}>
                      {newMessages}
                    </span>
                  )}
                </Link>
              </li>
            ))}
            {isPending && (
              <li className="px-3 py-2" aria-hidden="true">
                <span className="loading loading-dots loading-sm" />
              </li>
            )}
          </ul>
        </nav>
        <div className="min-w-0">{children}</div>
      </div>
    </div>
  );
}

// Charts load only on this screen, and only for administrators.
const SalesOverview = lazy(async () => ({
  default: (await import('#client/features/reports/components/sales-overview.tsx')).SalesOverview,
}));

export function DashboardHome() {
  const user = useSession().data;
  const { isAdmin, isPending } = useAdminCheck();
  return (
    <>
      <section className="card bg-base-100 border-base-300 border shadow-sm">
        <PageMeta
          title="Dashboard"
          description="Your Forgeline dashboard: orders, payments, reviews and profile."
        />
        <div className="card-body">
          <h2 className="text-2xl font-bold">Welcome to your dashboard, {user?.name}!</h2>
          <p className="text-base-content/75">
            {isPending
              ? 'Choose a page from the menu.'
              : isAdmin
                ? 'Choose a page from the menu: manage users, orders and tools, add products, answer the contact inbox, moderate reviews, or keep your profile up to date.'
                : 'Choose a page from the menu: follow your orders and payments, leave a review, or keep your profile up to date.'}
          </p>
        </div>
      </section>
      {isAdmin && (
        <Suspense fallback={<LoadingImage label="Loading the sales" />}>
          <SalesOverview />
        </Suspense>
      )}
    </>
  );
}
