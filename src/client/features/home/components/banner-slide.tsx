import { Link } from 'wouter';
import type { BannerSlide } from '#client/content/home.ts';

/** One slide of the home banner. */
export function BannerSlideContent({ slide, eager }: { slide: BannerSlide; eager: boolean }) {
  return (
    <div className="mx-auto grid h-full max-w-7xl items-center gap-8 px-4 pt-12 pb-20 sm:px-6 md:pt-16 lg:grid-cols-[1.2fr_1fr] lg:pb-24">
      <div>
        <p className="text-primary mb-3 text-sm font-semibold uppercase tracking-[0.25em]">{slide.eyebrow}</p>
        <h2 className="text-4xl font-extrabold leading-tight sm:text-5xl lg:text-6xl">{slide.title}</h2>
        <p className="mt-5 max-w-xl text-lg opacity-85">{slide.text}</p>
        <Link to={slide.action.to} className="btn btn-primary btn-lg mt-8">
          {slide.action.label}
        </Link>
      </div>
      <div className="rounded-box hidden overflow-hidden border-4 border-white/10 shadow-2xl lg:block">
        <img
          src={slide.image}
          alt={slide.imageAlt}
          width={400}
          height={300}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          className="aspect-[4/3] w-full object-cover"
        />
      </div>
    </div>
  );
}

/** The banner's frame: a dark band with a dotted texture. */
export function BannerFrame({ children, ...rest }: React.ComponentProps<'section'>) {
  return (
    <section className="bg-neutral text-neutral-content relative overflow-hidden" {...rest}>
      <div
        aria-hidden="true"
        className="absolute inset-0 opacity-[0.07] [background-image:radial-gradient(currentColor_1px,transparent_1px)] [background-size:18px_18px]"
      />
      <div className="relative">{children}</div>
    </section>
  );
}
