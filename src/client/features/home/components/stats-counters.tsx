import { CountUp } from 'countup.js';
import { useEffect, useRef } from 'react';
import { useInView } from 'react-intersection-observer';
import { stats } from '#client/content/home.ts';
import { usePrefersReducedMotion } from '#client/lib/reduced-motion.ts';

const COUNT_SECONDS = 7;

function Counter({ value, start }: { value: number; start: boolean }) {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!start || !ref.current) return;
    const counter = new CountUp(ref.current, value, { duration: COUNT_SECONDS, separator: '' });
    counter.start();
    return () => counter.reset();
  }, [start, value]);
  // A box of the final figure's size that nothing inside can resize: each step of the count then lays out and
  // paints these digits alone, not the page around them.
  return (
    <span
      ref={ref}
      className="inline-block align-top [contain:strict]"
      style={{ width: `${String(value).length}ch`, height: '1lh' }}
    >
      0
    </span>
  );
}

/** Three figures that count up from zero over 7 s once the band scrolls into view. */
export function StatsCounters() {
  const { ref, inView } = useInView({ triggerOnce: true, threshold: 0.5 });
  const reducedMotion = usePrefersReducedMotion();
  return (
    <section aria-labelledby="stats-heading" className="bg-primary text-primary-content">
      <h2 id="stats-heading" className="sr-only">
        Forgeline in figures
      </h2>
      <dl ref={ref} className="mx-auto grid max-w-7xl grid-cols-3 gap-4 px-4 py-10 text-center sm:px-6">
        {stats.map(({ label, value }) => (
          <div key={label} className="flex flex-col-reverse justify-end">
            <dt className="text-xs font-semibold uppercase tracking-[0.15em] sm:text-sm sm:tracking-[0.2em]">
              {label}
            </dt>
            <dd className="font-display text-3xl font-extrabold tabular-nums sm:text-5xl">
              {/* Screen readers get the final figure once, not every step of the count. */}
              <span className="sr-only">{value}</span>
              <span aria-hidden="true" data-testid={`counter-${label}`}>
                {reducedMotion ? value : <Counter value={value} start={inView} />}
              </span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
