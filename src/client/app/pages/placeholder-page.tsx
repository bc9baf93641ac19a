import { PageMeta } from '../../components/ui/page-meta.tsx';

/** Stands in for a screen that a later piece of work builds. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-20 text-center">
      <PageMeta title={title} description={`${title} at Forgeline Tools & Parts.`} />
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-base-content/70 mt-3">This part of the shop is being set up.</p>
    </section>
  );
}
