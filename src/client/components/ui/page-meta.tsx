import { createContext, useContext, useEffect } from 'react';

const SHOP = 'Forgeline Tools & Parts';

const fullTitle = (title: string) => (title ? `${title} | ${SHOP}` : SHOP);

export interface Meta {
  title: string;
  description: string;
}

/** Where a page rendered at build time (src/client/prerender.tsx) puts its title and description. */
export const PrerenderedMeta = createContext<((meta: Meta) => void) | undefined>(undefined);

/** Sets the page's <title> and meta description for as long as the page is shown; "" titles the home page. */
export function PageMeta({ title, description }: { title: string; description: string }) {
  useContext(PrerenderedMeta)?.({ title: fullTitle(title), description });
  useEffect(() => {
    document.title = fullTitle(title);
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
  return null;
}
