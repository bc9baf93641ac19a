import { Link } from 'wouter';
import { BrandMark } from '#client/components/ui/brand-mark.tsx';
import { SocialLinks } from '#client/components/ui/social-icons.tsx';

interface FooterLink {
  label: string;
  to?: string;
}

const columns: ReadonlyArray<{ title: string; links: FooterLink[] }> = [
  {
    title: 'Company',
    links: [
      { label: 'About' },
      { label: 'Careers' },
      { label: 'Brand Center' },
      { label: 'Blog', to: '/blog' },
    ],
  },
  {
    title: 'Help center',
    links: [
      { label: 'Discord Server' },
      { label: 'Twitter' },
      { label: 'Facebook' },
      { label: 'Contact Us', to: '/contact' },
    ],
  },
  {
    title: 'Legal',
    links: [{ label: 'Privacy Policy' }, { label: 'Licensing' }, { label: 'Terms & Conditions' }],
  },
  {
    title: 'Download',
    links: [{ label: 'iOS' }, { label: 'Android' }, { label: 'Windows' }, { label: 'MacOS' }],
  },
];

const linkClass = 'hover:text-primary transition-colors';

export function Footer() {
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="hazard-stripe h-2" aria-hidden="true" />
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-8 px-4 py-12 sm:px-6 md:grid-cols-4">
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-primary mb-4 text-sm font-bold uppercase tracking-[0.2em]">{column.title}</h2>
            <ul className="space-y-2.5 text-sm">
              {column.links.map((link) => (
                <li key={link.label}>
                  {link.to ? (
                    <Link to={link.to} className={linkClass}>
                      {link.label}
                    </Link>
                  ) : (
                    <a href="#" className={linkClass}>
                      {link.label}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 py-5 text-sm sm:flex-row sm:px-6">
          <p>© 2022 Forgeline Tools &amp; Parts. All rights reserved.</p>
          <Link to="/" aria-label="Forgeline, home" className="order-first sm:order-none">
            <BrandMark className="size-8" />
          </Link>
          <SocialLinks />
        </div>
      </div>
    </footer>
  );
}
