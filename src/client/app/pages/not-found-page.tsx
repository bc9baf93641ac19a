import { PageMeta } from '#client/components/ui/page-meta.tsx';

/** The spec's not-found page: one full-width animated image and no text. */
export function NotFoundPage() {
  return (
    <div className="flex flex-1 items-center bg-base-200" data-testid="not-found">
      <PageMeta title="Page not found" description="This page does not exist at Forgeline Tools & Parts." />
      <img
        src="/images/not-found.svg"
        alt="Page not found"
        className="block h-auto w-full"
        width={1200}
        height={500}
      />
    </div>
  );
}
