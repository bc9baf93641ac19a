import { PageMeta } from '#client/components/ui/page-meta.tsx';

/** Shown instead of a screen that failed to load or to render (e.g. its code changed after a new release). */
export function ErrorPage() {
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-24 text-center">
      <PageMeta title="Something went wrong" description="This page could not be shown." />
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="text-base-content/75 mt-3">
        This page could not be shown. Reloading usually helps; if it does not, please try again in a few
        minutes.
      </p>
      <button type="button" className="btn btn-primary mt-8" onClick={() => window.location.reload()}>
        Reload the page
      </button>
    </section>
  );
}
