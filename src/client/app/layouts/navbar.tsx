import { useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { errorText, messages } from '#shared/messages.ts';
import { BrandMark } from '#client/components/ui/brand-mark.tsx';
import { SocialLinks } from '#client/components/ui/social-icons.tsx';
import { firstName, signOut, useSession } from '#client/lib/session.ts';

const links = [
  { to: '/', label: 'Home', end: true },
  { to: '/parts', label: 'Tools', end: false },
  { to: '/contact', label: 'Contact', end: false },
];

function navClass(isActive: boolean) {
  return `rounded-field px-3 py-2 font-semibold transition-colors hover:text-primary ${isActive ? 'text-primary' : ''}`;
}

/** A menu link, marked as the current page on its page (and, unless `end`, on the pages under it). */
function NavLink({
  to,
  end,
  className = '',
  onClick,
  children,
}: {
  to: string;
  end: boolean;
  className?: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  const [path] = useLocation();
  const isActive = path === to || (!end && path.startsWith(`${to}/`));
  return (
    <Link
      to={to}
      className={`${className} ${navClass(isActive)}`}
      aria-current={isActive ? 'page' : undefined}
      onClick={onClick}
    >
      {children}
    </Link>
  );
}

/** Sign In while signed out; the user's first name (to the profile) and Sign Out while signed in. */
function AccountLinks({ block = false }: { block?: boolean }) {
  const { data: user } = useSession();
  const [, navigate] = useLocation();
  if (!user) {
    return (
      <li className={block ? 'mt-2' : 'ml-3'}>
        <Link to="/signin" className={`btn btn-primary ${block ? 'btn-block' : 'btn-sm'}`}>
          Sign In
        </Link>
      </li>
    );
  }
  const handleSignOut = async () => {
    // The toast library is not part of the first download (see lib/toast.ts).
    const { default: toast } = await import('#client/lib/toast.ts');
    try {
      await signOut();
      toast.success(messages.signedOut);
      navigate('/');
    } catch (error) {
      toast.error(errorText((error as Error).message));
    }
  };
  return (
    <>
      <li>
        <Link to="/dashboard/profile" className={`${block ? 'block ' : ''}${navClass(false)}`}>
          <svg
            viewBox="0 0 24 24"
            className="text-primary mr-1.5 inline size-5 align-[-4px]"
            fill="currentColor"
            aria-hidden="true"
          >
            <path d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4.4 0-8 2.2-8 5v1h16v-1c0-2.8-3.6-5-8-5Z" />
          </svg>
          {firstName(user.name)}
        </Link>
      </li>
      <li className={block ? 'mt-2' : 'ml-2'}>
        <button
          type="button"
          className={`btn btn-outline btn-sm border-white/40 text-white hover:bg-white/10 ${block ? 'btn-block' : ''}`}
          onClick={() => void handleSignOut()}
        >
          Sign Out
        </button>
      </li>
    </>
  );
}

export function Navbar() {
  const [path] = useLocation();
  const address = `${path}?${useSearch()}`;
  const { data: user } = useSession();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // The mobile menu closes by itself when the page changes, and when one of its links is followed.
  const menuOpen = openAt === address;
  const visibleLinks = user ? [...links, { to: '/dashboard', label: 'Dashboard', end: false }] : links;

  return (
    <header
      className="bg-neutral text-neutral-content sticky top-0 z-40 shadow-md"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !menuOpen) return;
        setOpenAt(null);
        toggleRef.current?.focus();
      }}
    >
      <div className="border-b border-white/10 bg-black/30 text-xs max-md:hidden">
        <div className="mx-auto flex max-w-7xl items-center justify-between px-6 py-1.5">
          <p className="tracking-wide">Get Free Shipping – Free 30 Day Money Back Guarantee</p>
          <SocialLinks iconClassName="size-3.5" />
        </div>
      </div>
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-7xl items-center justify-between px-4 py-3 sm:px-6"
      >
        <Link to="/" className="flex items-center gap-2.5">
          <BrandMark className="size-9" />
          <span className="leading-none">
            <span className="font-display block text-xl font-extrabold tracking-wide uppercase">
              Forgeline
            </span>{' '}
            <span className="text-primary block text-[0.65rem] font-semibold uppercase tracking-[0.25em]">
              Tools &amp; Parts
            </span>
          </span>
        </Link>
        <ul className="hidden items-center gap-1 lg:flex">
          {visibleLinks.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end}>
                {link.label}
              </NavLink>
            </li>
          ))}
          <AccountLinks />
        </ul>
        <button
          ref={toggleRef}
          type="button"
          className="btn btn-ghost btn-square text-neutral-content hover:bg-white/10 lg:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setOpenAt(menuOpen ? null : address)}
        >
          <svg
            viewBox="0 0 24 24"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 6h16M4 12h16M4 18h16" />}
          </svg>
        </button>
      </nav>
      {menuOpen && (
        <ul id="mobile-menu" className="border-t border-white/10 px-4 pb-4 lg:hidden">
          {visibleLinks.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end} className="block" onClick={() => setOpenAt(null)}>
                {link.label}
              </NavLink>
            </li>
          ))}
          <AccountLinks block />
        </ul>
      )}
    </header>
  );
}
