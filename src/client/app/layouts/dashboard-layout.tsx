import { NavLink, Outlet } from 'react-router';

const menu = [
  { to: '/dashboard/profile', label: 'My Profile' },
  { to: '/dashboard/myorder', label: 'My Order' },
  { to: '/dashboard/review', label: 'Add Review' },
];

export function DashboardLayout() {
  return (
    <div className="mx-auto grid w-full max-w-7xl flex-1 gap-8 px-4 py-10 sm:px-6 md:grid-cols-[220px_1fr]">
      <nav aria-label="Dashboard" className="bg-base-200 rounded-box h-fit p-3">
        <ul className="menu w-full">
          {menu.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to}>{item.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div>
        <h1 className="mb-6 text-3xl font-bold">Dashboard</h1>
        <Outlet />
      </div>
    </div>
  );
}
