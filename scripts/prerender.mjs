// Writes the HTML of each public page as first painted (src/client/prerender.tsx) into dist/pages, from the
// client's built index.html: the server sends it for that page (src/server/plugins/static.ts), so a visitor
// sees the page before its scripts have run.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const BUNDLE = 'dist/prerender';
const PAGES = 'dist/pages';

await build({
  logLevel: 'warn',
  // Bundled whole, so that the libraries' React is Preact here too, as in the browser.
  ssr: { noExternal: true },
  build: { ssr: 'src/client/prerender.tsx', outDir: BUNDLE, emptyOutDir: true, copyPublicDir: false },
});
const { renderPage, WRITTEN_PAGES } = await import(pathToFileURL(path.resolve(BUNDLE, 'prerender.js')).href);
const template = readFileSync('dist/client/index.html', 'utf8');
const escapeHtml = (text) =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]);

rmSync(PAGES, { recursive: true, force: true });
mkdirSync(PAGES, { recursive: true });
for (const page of WRITTEN_PAGES) {
  const { html, title, description } = await renderPage(page);
  // Replaced by functions: a `$` in the page (a price) is then not read as a replacement pattern.
  let document = template.replace('<div id="root"></div>', () => `<div id="root">${html}</div>`);
  if (title)
    document = document.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
  if (description)
    document = document.replace(
      /(<meta\s+name="description"\s+content=")[^"]*"/,
      (_, start) => `${start}${escapeHtml(description)}"`,
    );
  writeFileSync(path.join(PAGES, page === '/' ? 'index.html' : `${page.slice(1)}.html`), document);
}
rmSync(BUNDLE, { recursive: true, force: true });
