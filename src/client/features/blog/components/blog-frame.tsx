import { Suspense, type ReactNode } from 'react';
import { PageMeta } from '#client/components/ui/page-meta.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';

/**
 * The blog's title block, which comes with the app's first download: the blog's largest text shows with the
 * first paint instead of a round trip later, when the posts' code has come; a spinner holds their place.
 */
export function BlogFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <PageMeta
        title="Blog"
        description="Answers from the Forgeline web team to common front-end questions: React state and performance, prototypal inheritance, unit tests and searching arrays in JavaScript."
      />
      <header className="bg-neutral text-neutral-content">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 md:py-14">
          <p className="text-primary text-sm font-semibold uppercase tracking-[0.2em]">
            Notes from the web team
          </p>
          <h1 className="text-3xl font-bold sm:text-4xl">Blog</h1>
          <p className="mt-3 max-w-2xl opacity-80">
            Plain answers to the front-end questions we are asked most often, by developers who join our web
            team and by the developers among our customers. Written by the people who build this shop.
          </p>
        </div>
      </header>
      <Suspense fallback={<Spinner label="Loading the posts" />}>{children}</Suspense>
    </>
  );
}
