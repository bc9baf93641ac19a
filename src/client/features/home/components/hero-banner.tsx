import { lazy, Suspense } from 'react';
import { bannerSlides } from '../../../content/home.ts';
import { BannerFrame, BannerSlideContent } from './banner-slide.tsx';

// The carousel library loads after the first paint; until then the first slide stands on its own.
const BannerCarousel = lazy(async () => ({
  default: (await import('./banner-carousel.tsx')).BannerCarousel,
}));

export function HeroBanner() {
  return (
    <Suspense
      fallback={
        <BannerFrame aria-label="Highlights">
          <BannerSlideContent slide={bannerSlides[0]!} eager />
        </BannerFrame>
      }
    >
      <BannerCarousel />
    </Suspense>
  );
}
