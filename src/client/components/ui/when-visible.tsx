import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/** Calls back once the page has finished loading and the browser is idle (Safari: shortly after loading). */
function afterPageLoad(callback: () => void): () => void {
  let cancelIdle = () => {};
  const schedule = () => {
    if ('requestIdleCallback' in window) {
      const id = requestIdleCallback(callback);
      cancelIdle = () => cancelIdleCallback(id);
    } else {
      const id = setTimeout(callback, 200);
      cancelIdle = () => clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    cancelIdle();
  };
}

/**
 * Renders its (lazily loaded) children once the placeholder comes near the viewport, or once the page has
 * loaded and the browser is idle, so that their code never competes with what the first screen needs. A bare
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
