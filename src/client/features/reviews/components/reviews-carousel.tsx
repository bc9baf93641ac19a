import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Review } from '#shared/schemas/reviews.ts';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Stars } from '#client/components/ui/stars.tsx';
import { texts } from '#client/lib/texts.ts';
import { useReviews } from '#client/features/reviews/api/get-reviews.ts';

const DEFAULT_AVATAR = '/images/default-avatar.svg';
const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

function ReviewCard({ review }: { review: Review }) {
  const excerpt = review.review.length > 50 ? `${review.review.slice(0, 50)}…` : review.review;
  return (
    <figure className="card bg-base-100 border-base-300 h-full border shadow-sm">
      <div className="card-body gap-3">
        <div className="flex items-center gap-3">
          <img
            src={review.user.photoURL || DEFAULT_AVATAR}
            alt=""
            className="bg-base-200 size-12 rounded-full object-cover"
            referrerPolicy="no-referrer"
          />
          <figcaption>
            <p className="font-bold">{review.user.displayName}</p>
            <Stars rating={review.customRating} className="size-4" />
          </figcaption>
        </div>
        <blockquote className="text-base-content/80">“{excerpt}”</blockquote>
        <p className="text-base-content/70 text-xs">
          Posted on <time dateTime={review.createdAt}>{dateFormat.format(new Date(review.createdAt))}</time>
        </p>
      </div>
    </figure>
  );
}

/** Views from the end of the reviews loaded at which the next page is asked for, so that it is there in time. */
const VIEWS_AHEAD = 2;

/**
 * One review per slide: 1 below 768 px, 2 from 768 px, 3 from 1024 px; swipe, buttons and arrow keys. The
 * newest reviews come first, a page at a time: the next page is asked for as the carousel nears the end of
 * those loaded, and a move past the end waits for it.
 */
export function ReviewsCarousel() {
  const reviews = useReviews();
  const [emblaRef, embla] = useEmblaCarousel({ align: 'start', loop: false });
  const [canPrevious, setCanPrevious] = useState(false);
  const [canNext, setCanNext] = useState(false);
  // A move asked for at the end of the reviews loaded, made once the next page is in the carousel.
  const nextOnceLoaded = useRef(false);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = reviews;

  const update = useCallback(() => {
    if (!embla) return;
    setCanPrevious(embla.canScrollPrev());
    setCanNext(embla.canScrollNext());
    if (hasNextPage && embla.selectedScrollSnap() >= embla.scrollSnapList().length - VIEWS_AHEAD)
      void fetchNextPage({ cancelRefetch: false });
  }, [embla, hasNextPage, fetchNextPage]);
  const reInit = useCallback(() => {
    if (nextOnceLoaded.current && embla?.canScrollNext()) {
      nextOnceLoaded.current = false;
      embla.scrollNext();
    }
    update();
  }, [embla, update]);
  useEffect(() => {
    if (!embla) return;
    // The carousel measured itself before this effect: read its state on the next frame.
    const frame = requestAnimationFrame(update);
    embla.on('select', update).on('reInit', reInit);
    return () => {
      cancelAnimationFrame(frame);
      embla.off('select', update).off('reInit', reInit);
    };
  }, [embla, update, reInit]);

  const next = () => {
    if (!embla) return;
    if (embla.canScrollNext()) return embla.scrollNext();
    if (!hasNextPage) return;
    nextOnceLoaded.current = true;
    void fetchNextPage({ cancelRefetch: false });
  };

  if (reviews.isPending) return <Spinner label={texts.loadingReviews} />;
  if (reviews.isError && !reviews.data) return null;
  const loaded = reviews.data ?? [];
  if (loaded.length === 0) return <p className="text-base-content/70 text-center">No reviews yet.</p>;
  const waiting = isFetchingNextPage && !canNext;
  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label="Buyer reviews"
      tabIndex={0}
      className="rounded-box"
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') next();
        if (event.key === 'ArrowLeft') embla?.scrollPrev();
      }}
    >
      <div ref={emblaRef} className="overflow-hidden">
        <ul className="-ml-4 flex touch-pan-y">
          {loaded.map((review, index) => (
            <li
              key={review._id}
              className="min-w-0 shrink-0 grow-0 basis-full pl-4 md:basis-1/2 lg:basis-1/3"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${loaded.length}${hasNextPage ? ' or more' : ''}`}
            >
              <ReviewCard review={review} />
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-6 flex justify-center gap-3">
        <button
          type="button"
          className="btn btn-circle btn-outline"
          onClick={() => embla?.scrollPrev()}
          disabled={!canPrevious}
          aria-label="Previous reviews"
        >
          ‹
        </button>
        <button
          type="button"
          className="btn btn-circle btn-outline"
          onClick={next}
          disabled={!canNext && !hasNextPage}
          aria-label="Next reviews"
          aria-busy={waiting}
        >
          {waiting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : '›'}
        </button>
      </div>
    </div>
  );
}
