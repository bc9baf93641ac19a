/** The pages anyone may open (spec section 2), in the sitemap. */
export const PUBLIC_PAGES = ['/', '/parts', '/contact', '/blog', '/my-portfolio', '/signin', '/signup'];

/**
 * Those written at build time (scripts/prerender.mjs): all but /parts, whose largest paint is its tools, which
 * come from the server. Written, it painted them no sooner, and Lighthouse counted the scripts' work after its
 * first paint as blocking time (decision 36).
 */
export const WRITTEN_PAGES = PUBLIC_PAGES.filter((page) => page !== '/parts');
