export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className="flex justify-center py-16">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** Stands in for a screen whose code or data is still on its way. */
export function PageSpinner() {
  return (
    <div className="flex flex-1 items-center justify-center">
      <Spinner label="Loading the page" />
    </div>
  );
}
