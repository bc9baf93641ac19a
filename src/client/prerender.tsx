import { QueryClientProvider } from '@tanstack/react-query';
import { renderToStringAsync } from 'preact-render-to-string';
import { Router } from 'wouter';
import { accountKeys } from '#client/lib/query-keys.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { caseInsensitivePaths } from './app/case-insensitive-paths.ts';
import { SiteLayout } from './app/layouts/site-layout.tsx';
import { PrerenderedMeta, type Meta } from './components/ui/page-meta.tsx';

/** The pages to write, for the build script, which runs this bundle. */
export { WRITTEN_PAGES } from '#shared/public-pages.ts';

/**
 * A public page as a visitor who is not signed in first sees it, with no data from the server yet: the HTML
 * that the server sends for it (scripts/prerender.mjs), painted before any script runs.
 */
export async function renderPage(path: string) {
  queryClient.clear();
  // As written, the sign-in screens offer no Google or GitHub button; a server configured for them sends
  // the plain page instead (plugins/static.ts).
  queryClient.setQueryData(accountKeys.providers(), { providers: [] });
  let meta: Partial<Meta> = {};
  const html = await renderToStringAsync(
    <PrerenderedMeta.Provider value={(pageMeta) => (meta = pageMeta)}>
      <QueryClientProvider client={queryClient}>
        <Router parser={caseInsensitivePaths} ssrPath={path}>
          <SiteLayout />
        </Router>
      </QueryClientProvider>
    </PrerenderedMeta.Provider>,
  );
  return { html, ...meta };
}
