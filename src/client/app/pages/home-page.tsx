import { lazy } from 'react';
import { PageMeta } from '#client/components/ui/page-meta.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { AfterFirstRender, WhenVisible } from '#client/components/ui/when-visible.tsx';
import { BannerCarousel } from '#client/features/home/components/banner-carousel.tsx';
import { LatestTools } from '#client/features/tools/components/latest-tools.tsx';
import { texts } from '#client/lib/texts.ts';

// Below the banner: these sections and their libraries load after the first paint, the lower ones once near.
const StatsCounters = lazy(async () => ({
  default: (await import('#client/features/home/components/stats-counters.tsx')).StatsCounters,
}));
const ReviewsCarousel = lazy(async () => ({
  default: (await import('#client/features/reviews/components/reviews-carousel.tsx')).ReviewsCarousel,
}));
const FaqAccordion = lazy(async () => ({
  default: (await import('#client/features/home/components/faq-accordion.tsx')).FaqAccordion,
}));
const GetInTouch = lazy(async () => ({
  default: (await import('#client/features/contact/components/get-in-touch.tsx')).GetInTouch,
}));

export function HomePage() {
  return (
    <>
      <PageMeta
        title=""
        description="Forgeline supplies power tools, hand tools, bearings and fasteners in bulk to workshops and manufacturers, with minimum order quantities and fast delivery."
      />
      <h1 className="sr-only">Forgeline Tools &amp; Parts: power tools, hand tools and parts in bulk</h1>
      <BannerCarousel />
      <AfterFirstRender fallback={<div className="bg-primary h-40" />}>
        <StatsCounters />
      </AfterFirstRender>
      <LatestTools />
      <section aria-labelledby="reviews" className="bg-base-200">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <div className="mb-8 text-center">
            <p className="text-accent text-sm font-semibold uppercase tracking-[0.2em]">From our buyers</p>
            <h2 id="reviews" className="text-3xl font-bold sm:text-4xl">
              Reviews
            </h2>
          </div>
          <WhenVisible fallback={<Spinner label={texts.loadingReviews} />}>
            <ReviewsCarousel />
          </WhenVisible>
        </div>
      </section>
      <WhenVisible fallback={<div className="bg-neutral min-h-[36rem]" />}>
        <GetInTouch />
      </WhenVisible>
      <WhenVisible fallback={<div className="min-h-[24rem]" />}>
        <FaqAccordion />
      </WhenVisible>
    </>
  );
}
