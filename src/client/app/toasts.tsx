import { lazy, Suspense } from 'react';

// Loaded after the first paint: no screen can raise a toast before then, and a toast raised while this loads
// waits in the library's store until the container shows it.
const Toaster = lazy(async () => ({ default: (await import('react-hot-toast')).Toaster }));

/** The spec's toasts: top right, gone after 5000 ms. */
export function Toasts() {
  return (
    <Suspense fallback={null}>
      <Toaster position="top-right" toastOptions={{ duration: 5000 }} containerStyle={{ top: 72 }} />
    </Suspense>
  );
}
