import type { TimelineEntry } from '#client/content/portfolio.ts';

/** Jobs or studies, newest first, on a vertical line. */
export function Timeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <ol className="border-base-300 space-y-8 border-l-2 pl-6">
      {entries.map((entry) => (
        <li key={`${entry.title} ${entry.period}`} className="relative">
          <span
            aria-hidden="true"
            className="bg-primary ring-base-100 absolute -left-[2.05rem] top-1 size-4 rounded-full ring-4"
          />
          <p className="text-accent text-sm font-semibold uppercase tracking-wide">{entry.period}</p>
          <h3 className="mt-1 text-xl font-bold">{entry.title}</h3>
          <p className="text-base-content/75 font-medium">{entry.place}</p>
          <p className="text-base-content/85 mt-2 max-w-prose">{entry.description}</p>
        </li>
      ))}
    </ol>
  );
}
