/** The animated loading picture shown while a list or the session loads. */
export function LoadingImage({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 py-16">
      <img src="/images/loading.svg" alt="" width={96} height={96} className="size-24" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
