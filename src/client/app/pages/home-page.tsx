import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '../../components/ui/page-meta.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { LatestTools } from '../../features/tools/components/latest-tools.tsx';

// Below the fold: the carousel and its library load after the first paint.
const ReviewsCarousel = lazy(async () => ({
  default: (await import('../../features/reviews/components/reviews-carousel.tsx')).ReviewsCarousel,
}));

export function HomePage() {
  return (
    <>
      <PageMeta description="Forgeline supplies power tools, hand tools, bearings and fasteners in bulk to workshops and manufacturers, with minimum order quantities and fast delivery." />
      <section className="bg-neutral text-neutral-content relative overflow-hidden">
        <div
          aria-hidden="true"
          className="absolute inset-0 opacity-[0.07] [background-image:radial-gradient(currentColor_1px,transparent_1px)] [background-size:18px_18px]"
        />
        <div className="relative mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-[1.2fr_1fr]">
          <div>
            <p className="text-primary mb-3 text-sm font-semibold uppercase tracking-[0.25em]">
              Industrial supply since 1998
            </p>
            <h1 className="text-4xl font-extrabold leading-tight sm:text-5xl lg:text-6xl">
              The right tools for managing your work
            </h1>
            <p className="mt-5 max-w-xl text-lg opacity-80">
              Power tools, hand tools, bearings and fasteners in bulk, straight from our warehouse to your
              workshop floor.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/parts" className="btn btn-primary btn-lg">
                Browse the catalogue
              </Link>
              <Link
                to="/contact"
                className="btn btn-outline btn-lg border-white/40 text-white hover:bg-white/10"
              >
                Talk to sales
              </Link>
            </div>
          </div>
          <ul className="grid grid-cols-2 gap-4 text-center">
            {[
              ['12,000+', 'parts in stock'],
              ['48 h', 'dispatch on stock items'],
              ['Bulk', 'pricing per piece'],
              ['30 days', 'money back'],
            ].map(([figure, label]) => (
              <li key={label} className="rounded-box border border-white/10 bg-white/5 p-5">
                <p className="text-primary text-2xl font-extrabold sm:text-3xl">{figure}</p>
                <p className="mt-1 text-sm opacity-80">{label}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <LatestTools />
      <section aria-labelledby="reviews" className="bg-base-200">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <div className="mb-8 text-center">
            <p className="text-accent text-sm font-semibold uppercase tracking-[0.2em]">From our buyers</p>
            <h2 id="reviews" className="text-3xl font-bold sm:text-4xl">
              Reviews
            </h2>
          </div>
          <Suspense fallback={<Spinner label="Loading reviews" />}>
            <ReviewsCarousel />
          </Suspense>
        </div>
      </section>
    </>
  );
}
