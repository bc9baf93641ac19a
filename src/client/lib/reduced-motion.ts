import { useSyncExternalStore } from 'react';

const query = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void) {
  const media = window.matchMedia(query);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** True when the visitor asked the system for less motion: animations then show their end state at once. */
export function usePrefersReducedMotion(): boolean {
  // Written at build time (src/client/prerender.tsx) as for a visitor who asked for nothing.
  return useSyncExternalStore(subscribe, () => !import.meta.env.SSR && window.matchMedia(query).matches);
}
