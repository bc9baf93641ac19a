import { person, typedTitles } from '#client/content/portfolio.ts';
import { TypedTitles } from './typed-titles.tsx';

const initials = person.name
  .split(' ')
  .map((part) => part[0])
  .join('');

export function PortfolioHero() {
  return (
    <section
      aria-labelledby="portfolio-name"
      className="bg-neutral text-neutral-content relative overflow-hidden"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 opacity-[0.07] [background-image:radial-gradient(currentColor_1px,transparent_1px)] [background-size:18px_18px]"
      />
      <div className="relative mx-auto grid max-w-7xl grid-cols-1 items-center gap-10 px-4 py-14 sm:px-6 md:py-20 lg:grid-cols-[1.3fr_1fr]">
        <div>
          <div className="flex items-center gap-4">
            <span
              aria-hidden="true"
              className="rounded-box bg-primary text-primary-content font-display grid size-16 shrink-0 place-items-center text-2xl font-extrabold"
            >
              {initials}
            </span>
            <p className="text-primary text-sm font-semibold uppercase tracking-[0.25em]">Portfolio</p>
          </div>
          <h1
            id="portfolio-name"
            className="mt-6 text-4xl font-extrabold leading-tight sm:text-5xl lg:text-6xl"
          >
            {person.name}
          </h1>
          <TypedTitles
            titles={typedTitles}
            className="text-primary mt-3 min-h-[2lh] font-mono text-lg font-semibold min-[340px]:min-h-[1lh] sm:text-2xl"
          />
          <p className="mt-4 max-w-xl text-lg opacity-80">{person.summary}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a href="#projects" className="btn btn-primary">
              See my projects
            </a>
            <a
              href={`mailto:${person.email}`}
              className="btn btn-outline border-white/40 text-white hover:bg-white/10"
            >
              Email me
            </a>
          </div>
        </div>
        <section
          aria-labelledby="personal-data"
          className="rounded-box border border-white/10 bg-white/5 p-6"
        >
          <h2 id="personal-data" className="text-primary text-sm font-semibold uppercase tracking-[0.2em]">
            Personal data
          </h2>
          <dl className="mt-4 divide-y divide-white/10">
            {person.details.map((item) => (
              <div
                key={item.label}
                className="grid items-baseline gap-x-3 gap-y-0.5 py-2.5 sm:grid-cols-[7rem_minmax(0,1fr)]"
              >
                <dt className="text-sm opacity-75">{item.label}</dt>
                <dd className="break-words font-medium">
                  {'href' in item ? (
                    <a href={item.href} className="link link-hover">
                      {item.value}
                    </a>
                  ) : (
                    item.value
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
    </section>
  );
}
