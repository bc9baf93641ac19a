import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * After the first screen: work it does not need waits this long after the page has loaded. The first seconds
 * are when a visitor first taps (a menu, a slide), and on a slow phone a section's render there (100 ms or more)
 * would hold that tap; Lighthouse counted those renders as blocking time (home page: 355 ms, 91 points; 37–110 ms
 * and 97–98 without them).
 */
const AFTER_LOAD_MS = 3000;

/** Calls back AFTER_LOAD_MS after the page has loaded, once the browser is idle (Safari: at that time). */
function afterPageLoad(callback: () => void): () => void {
  let cancel = () => {};
  const whenIdle = () => {
    if (!('requestIdleCallback' in window)) return callback();
    const id = requestIdleCallback(callback);
    cancel = () => cancelIdleCallback(id);
  };
  const schedule = () => {
    const id = setTimeout(whenIdle, AFTER_LOAD_MS);
    cancel = () => clearTimeout(id);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    cancel();
  };
}

/**
 * Renders its (lazily loaded) children once the placeholder comes near the viewport, or a while after the page
 * has loaded (AFTER_LOAD_MS), so that their code never competes with what the first screen needs and the page
 * is whole for keyboards, screen readers and find-in-page before anyone gets there. A bare
 * IntersectionObserver rather than a library: this sits in the home page's first download, which has a size
 * budget.
 */
export function WhenVisible({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [show, setShow] = useState(false);
  useEffect(() => {
    if (show || !ref.current) return;
    const observer = new IntersectionObserver(
      (entries) => setShow(entries.some((entry) => entry.isIntersecting)),
      {
        rootMargin: '400px 0px',
      },
    );
    observer.observe(ref.current);
    const cancel = afterPageLoad(() => setShow(true));
    return () => {
      observer.disconnect();
      cancel();
    };
  }, [show]);
  if (!show) return <div ref={ref}>{fallback}</div>;
  return <Suspense fallback={fallback}>{children}</Suspense>;
}

/**
 * Renders `fallback`, then its (lazily loaded) children from the next frame on: the first render then matches
 * the page as written at build time (scripts/prerender.mjs), which has no code for them either, and takes over
 * its elements without waiting for theirs.
 */
export function AfterFirstRender({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const [rendered, setRendered] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setRendered(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  if (!rendered) return fallback;
  return <Suspense fallback={fallback}>{children}</Suspense>;
}
