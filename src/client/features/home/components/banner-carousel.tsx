import type { EmblaCarouselType } from 'embla-carousel';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { bannerSlides } from '#client/content/home.ts';
import { usePrefersReducedMotion } from '#client/lib/reduced-motion.ts';
import { BannerFrame, BannerSlideContent } from './banner-slide.tsx';

const AUTOPLAY_MS = 2500;

type Move = (embla: EmblaCarouselType) => void;

/**
 * The carousel library attaches to the slides already on the page, and only once it is needed: for the first
 * advance, or the visitor's first move on the banner (pointer, touch, focus, a button or key). Until then the
 * first slide shows as it was painted, and the page's first seconds are not spent on code nobody has used yet.
 * A move asked for before the code has arrived is made when it has.
 */
function useLazyEmbla() {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(false);
  const [embla, setEmbla] = useState<EmblaCarouselType>();
  const pending = useRef<Move | undefined>(undefined);
  useEffect(() => {
    if (!wanted) return;
    let instance: EmblaCarouselType | undefined;
    let cancelled = false;
    void Promise.all([import('embla-carousel'), import('embla-carousel-autoplay')]).then(
      ([{ default: EmblaCarousel }, { default: Autoplay }]) => {
        if (cancelled || !viewportRef.current) return;
        instance = EmblaCarousel(viewportRef.current, { loop: true }, [
          Autoplay({ delay: AUTOPLAY_MS, playOnInit: false, stopOnInteraction: false }),
        ]);
        pending.current?.(instance);
        pending.current = undefined;
        setEmbla(instance);
      },
    );
    return () => {
      cancelled = true;
      instance?.destroy();
    };
  }, [wanted]);
  const load = useCallback(() => setWanted(true), []);
  const move = useCallback(
    (step: Move) => {
      if (embla) return step(embla);
      pending.current = step;
      setWanted(true);
    },
    [embla],
  );
  return { viewportRef, embla, load, move };
}

/**
 * The home banner: advances every 2.5 s, holds still while the pointer is over it or focus is inside it, and
 * not at all when the visitor pauses it or prefers reduced motion. Arrow keys, buttons, dots and swipe move it.
 */
export function BannerCarousel() {
  const { viewportRef, embla, load, move } = useLazyEmbla();
  const reducedMotion = usePrefersReducedMotion();
  const [selected, setSelected] = useState(0);
  const [pausedByVisitor, setPausedByVisitor] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = pausedByVisitor || reducedMotion;
  const still = paused || hovered || focused;

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect(); // a move asked for before the code arrived was made before this listener
    embla.on('select', onSelect);
    return () => void embla.off('select', onSelect);
  }, [embla]);

  // The first advance, before the carousel's code is there: it brings the code, and the autoplay goes on.
  useEffect(() => {
    if (embla || still) return;
    const timer = setTimeout(() => move((carousel) => carousel.scrollNext()), AUTOPLAY_MS);
    return () => clearTimeout(timer);
  }, [embla, still, move]);

  useEffect(() => {
    const autoplay = embla?.plugins().autoplay;
    if (!autoplay) return;
    if (still) autoplay.stop();
    else autoplay.play();
  }, [embla, still]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') move((carousel) => carousel.scrollPrev());
    if (event.key === 'ArrowRight') move((carousel) => carousel.scrollNext());
  };

  return (
    <BannerFrame
      aria-roledescription="carousel"
      aria-label="Highlights"
      data-ready={embla ? 'true' : undefined}
      onKeyDown={onKeyDown}
      onMouseEnter={() => {
        setHovered(true);
        load();
      }}
      onTouchStart={load}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => {
        setFocused(true);
        load();
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <div ref={viewportRef} className="overflow-hidden">
        <div className="flex touch-pan-y" aria-live={paused ? 'polite' : 'off'}>
          {bannerSlides.map((slide, index) => (
            <div
              key={slide.title}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${bannerSlides.length}`}
              inert={index !== selected}
              className="min-w-0 shrink-0 grow-0 basis-full"
            >
              <BannerSlideContent slide={slide} eager={index === 0} />
            </div>
          ))}
        </div>
      </div>
      <div className="absolute inset-x-0 bottom-5 flex items-center justify-center gap-2">
        <button
          type="button"
          className="btn btn-circle btn-sm btn-ghost text-neutral-content hover:bg-white/10"
          aria-label="Previous slide"
          onClick={() => move((carousel) => carousel.scrollPrev())}
        >
          <span aria-hidden="true">‹</span>
        </button>
        {bannerSlides.map((slide, index) => (
          <button
            key={slide.title}
            type="button"
            aria-label={`Show slide ${index + 1}`}
            aria-current={index === selected}
            onClick={() => move((carousel) => carousel.scrollTo(index))}
            className={`h-2.5 rounded-full transition-all ${index === selected ? 'bg-primary w-8' : 'w-2.5 bg-white/40 hover:bg-white/70'}`}
          />
        ))}
        <button
          type="button"
          className="btn btn-circle btn-sm btn-ghost text-neutral-content hover:bg-white/10"
          aria-label="Next slide"
          onClick={() => move((carousel) => carousel.scrollNext())}
        >
          <span aria-hidden="true">›</span>
        </button>
        {!reducedMotion && (
          <button
            type="button"
            className="btn btn-circle btn-sm btn-ghost text-neutral-content ml-2 hover:bg-white/10"
            aria-label={pausedByVisitor ? 'Play slides' : 'Pause slides'}
            onClick={() => setPausedByVisitor(!pausedByVisitor)}
          >
            <span aria-hidden="true">{pausedByVisitor ? '▶' : '❚❚'}</span>
          </button>
        )}
      </div>
    </BannerFrame>
  );
}
