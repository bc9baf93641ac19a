import { lazy, Suspense, useSyncExternalStore } from 'react';
import { onToastsWanted, toastsWanted } from '#client/lib/toasts-wanted.ts';

// Mounted when a screen raises its first toast (#client/lib/toast.ts), whose library is then in the cache.
const Toaster = lazy(async () => ({ default: (await import('react-hot-toast')).Toaster }));

/** The spec's toasts: top right, gone after 5000 ms. */
export function Toasts() {
  const wanted = useSyncExternalStore(onToastsWanted, toastsWanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-right" toastOptions={{ duration: 5000 }} containerStyle={{ top: 72 }} />
    </Suspense>
  );
}
