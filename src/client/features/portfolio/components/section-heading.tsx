/** A section's small overline and its h2, in the same style as the home page's sections. */
export function SectionHeading({
  id,
  overline,
  title,
  onDark = false,
}: {
  id: string;
  overline: string;
  title: string;
  onDark?: boolean;
}) {
  return (
    <div className="mb-8">
      <p
        className={`${onDark ? 'text-primary' : 'text-accent'} text-sm font-semibold uppercase tracking-[0.2em]`}
      >
        {overline}
      </p>
      <h2 id={id} className="text-3xl font-bold sm:text-4xl">
        {title}
      </h2>
    </div>
  );
}
