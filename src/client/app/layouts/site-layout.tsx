import { Suspense, useEffect, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { PageSpinner } from '#client/components/ui/spinner.tsx';
import { AppRoutes } from '#client/app/router.tsx';
import { ScreenErrorBoundary } from '#client/app/screen-error-boundary.tsx';
import type { KEEP_SCROLL } from '#client/lib/list-params.ts';
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

// The page as loaded (or reloaded) is where the browser put it.
let steppedThroughHistory = true;
if (!import.meta.env.SSR) addEventListener('popstate', () => (steppedThroughHistory = true));

/**
 * A new page starts at its top, as a link does; back, forward and reload leave the browser to restore where
 * the reader was.
 */
function ScrollToTopOnNavigation() {
  const [path] = useLocation();
  const search = useSearch();
  useEffect(() => {
    const inPlace = (history.state as typeof KEEP_SCROLL | null)?.keepScroll;
    if (!steppedThroughHistory && !inPlace) window.scrollTo(0, 0);
    steppedThroughHistory = false;
  }, [path, search]);
  return null;
}

export function SiteLayout() {
  const [path] = useLocation();
  return (
    <SiteFrame>
      <ScreenErrorBoundary resetKey={path}>
        <Suspense fallback={<PageSpinner />}>
          <AppRoutes />
        </Suspense>
      </ScreenErrorBoundary>
      <ScrollToTopOnNavigation />
    </SiteFrame>
  );
}
