import { useEffect } from 'react';

const SHOP = 'Forgeline Tools & Parts';

/** Sets the page's <title> and meta description for as long as the page is shown; "" titles the home page. */
export function PageMeta({ title, description }: { title: string; description: string }) {
  useEffect(() => {
    document.title = title ? `${title} | ${SHOP}` : SHOP;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
  return null;
}
