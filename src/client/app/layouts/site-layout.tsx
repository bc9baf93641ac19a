import type { ReactNode } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';

/** Navigation bar, the page, footer. */
export function SiteFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <a
        href="#main"
        className="btn btn-primary sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50"
      >
        Skip to content
      </a>
      <Navbar />
      {/* At least a screen tall: the footer starts below the first screen, so a page that fills in (its code or
          data arriving) never pushes it down in view. */}
      <main id="main" className="flex min-h-svh flex-col">
        {children}
      </main>
      <Footer />
    </>
  );
}

export function SiteLayout() {
  return (
    <SiteFrame>
      <Outlet />
      <ScrollRestoration />
    </SiteFrame>
  );
}
