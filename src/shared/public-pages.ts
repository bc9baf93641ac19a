/** The pages anyone may open (spec section 2): in the sitemap, and written out at build time (scripts/prerender.mjs). */
export const PUBLIC_PAGES = ['/', '/parts', '/contact', '/blog', '/my-portfolio', '/signin', '/signup'];
